/**
 * Who is signed in to the editor, as the server says (GET /api/editor/me; docs/publishing.md,
 * "Who may do what"): a staff member's name, email and role per site, the operators' token, or
 * the shared editor token. Loaded after sign-in; the publish bar and History grey out what an
 * editor-role member may not do, and say why. The server refuses those requests all the same.
 */
import { useSyncExternalStore } from 'react';
import { PUBLISHER_ROLE_REQUIRED, roleOn, type StaffRoles } from '../../engine/api/staff-roles.ts';
import { request } from './api.ts';
import { setStaffName } from './auth.ts';

export interface Member {
  /** 'member': a staff member's own token; 'operator': the operators' token; 'shared': the shared editor token or this machine. */
  kind: 'member' | 'operator' | 'shared';
  name: string | null;
  email: string | null;
  roles: StaffRoles;
}

let member: Member | undefined;
const listeners = new Set<() => void>();

export function currentMember(): Member | undefined {
  return member;
}

export function setMember(next: Member | undefined) {
  member = next;
  // A member's commits carry the name on their token: the editor shows that name, not another.
  if (next?.kind === 'member' && next.name) setStaffName(next.name);
  for (const l of listeners) l();
}

export function useMember(): Member | undefined {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  }, currentMember);
}

/** Asks the server who is signed in; unknown (nothing greyed out) when it cannot say. */
export async function loadMember(): Promise<void> {
  try {
    setMember(await request<Member>('/me'));
  } catch {
    setMember(undefined);
  }
}

/** Why this person may not publish, discard or restore on `slug`, or undefined when they may. */
export function publisherRefusal(who: Member | undefined, slug: string): string | undefined {
  if (!who || who.kind !== 'member') return undefined;
  return roleOn(who.roles, slug) === 'publisher' ? undefined : PUBLISHER_ROLE_REQUIRED;
}

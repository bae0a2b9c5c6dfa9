/**
 * Staff members' roles in the editor (docs/security.md, "Who may edit and publish"): a staff
 * token belongs to a member (name, email) and gives them, per site or on every site, a role.
 * An `editor` edits, saves drafts and requests review; a `publisher` also publishes, discards
 * drafts and restores history. Tokens made before roles existed carry no roles and are
 * publishers of their sites. No Node imports: the editor's bundle reads the words from here.
 */

export const STAFF_ROLES = ['editor', 'publisher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A token's role per site slug; the key '*' gives the role on every site. */
export type StaffRoles = Record<string, StaffRole>;

/** What the editor's publish, discard and restore answer (403) to an editor-role member. */
export const PUBLISHER_ROLE_REQUIRED =
  'Your role on this site is editor: you may edit, save drafts and request review, but publishing, discarding a draft and restoring a version need a publisher.';

/** What the editor API answers (403) to a member whose token does not open the site named. */
export const NOT_YOUR_EDITOR_SITE = 'Your staff token does not open this site in the editor.';

/** What creating a site answers (403) to a member whose token names sites. */
export const NEW_SITE_NEEDS_ALL_SITES =
  'Only staff with every site (an --all-sites token or the operators) may create a new site.';

export const isStaffRole = (v: unknown): v is StaffRole =>
  typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

/** The role `roles` gives on `slug`, or undefined when they give none there. */
export function roleOn(roles: StaffRoles, slug: string): StaffRole | undefined {
  return Object.hasOwn(roles, slug) ? roles[slug] : roles['*'];
}

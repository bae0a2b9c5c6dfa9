/**
 * Test kit for the draft flow's component tests (publish.test.tsx, conflicts.test.tsx): a
 * fake editor API speaking docs/publishing.md at the fetch boundary, and the steps staff
 * take (open the site, type a heading, review and save).
 */
import { expect, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from './App.tsx';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import type { DraftInfo, PublishedVersion } from '../lib/api.ts';

export const site = (heading: string, name = 'Unit Site'): Doc => ({
  ...unitSite([{ type: 'hero', id: 'hero', props: { heading } }]),
  name,
});
export const DATE = '2025-03-04T10:05:00+11:00';

export interface Call {
  url: string;
  method: string;
  body?: any;
  staff?: string;
}

export type Handler = (call: Call) => Response | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake /api/editor holding one site: its published document, its draft, its versions. */
export function fakeServer(init: {
  published: Doc;
  draft?: Doc;
  canPublish?: boolean;
  versions?: PublishedVersion[];
}) {
  const server = {
    published: init.published,
    draft: init.draft,
    draftInfo: (init.draft
      ? { exists: true, head: 'd1', author: 'Sam', date: DATE, summary: ['Hero heading changed'] }
      : { exists: false, summary: [] }) as DraftInfo,
    canPublish: init.canPublish ?? true,
    versions: init.versions ?? [],
    calls: [] as Call[],
    /** Answers a request before the defaults do (one test's twist). */
    handlers: [] as Handler[],
  };
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: url.replace('/api/editor', ''),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      staff: headers['X-Forecourt-Staff'],
    };
    server.calls.push(call);
    for (const h of server.handlers) {
      const res = h(call);
      if (res) return res;
    }
    const { url: path, method } = call;
    if (path === '/sites')
      return json(200, {
        sites: [{ slug: 'unit-site', name: 'Unit Site', ok: true, issues: 0, pages: 1 }],
      });
    if (path === '/check') return json(200, { issues: [], site: null });
    if (path.startsWith('/models')) return json(200, { models: [] });
    if (path === '/sites/unit-site' && method === 'GET') {
      return json(200, {
        slug: 'unit-site',
        document: server.draft ?? server.published,
        version: server.draft ? server.draftInfo.head : 'p1',
        templates: {},
        resolved: null,
        issues: [],
        draft: server.draftInfo,
        published: { commit: 'p1' },
        canPublish: server.canPublish,
      });
    }
    if (path === '/sites/unit-site' && method === 'PUT') {
      server.draft = call.body.document;
      server.draftInfo = {
        exists: true,
        head: 'd2',
        author: decodeURIComponent(call.staff ?? ''),
        date: DATE,
        summary: ['Hero heading changed'],
      };
      return json(200, {
        document: server.draft,
        version: 'd2',
        changed: true,
        merged: false,
        draft: server.draftInfo,
        live: false,
      });
    }
    return json(404, { error: `no fake for ${method} ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return server;
}

export async function openSite() {
  history.replaceState(null, '', '/editor/?site=unit-site&page=home');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: /Unit Site|Their Site/ });
  await waitFor(() => expect(document.querySelector('[data-row="hero"]')).toBeTruthy());
}

/** Types a new heading into the hero's form, as staff do. */
export async function editHeading(value: string) {
  fireEvent.click(document.querySelector<HTMLButtonElement>('[data-row="hero"] .fc-row-main')!);
  const input = await waitFor(() => {
    const found = document.getElementById('root_heading') as HTMLInputElement | null;
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.change(input, { target: { value } });
}

/** Review and save, then Save in the review dialog. */
export async function save() {
  const button = screen.getByRole('button', { name: 'Review and save' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  const review = document.querySelector('dialog.fc-review') as HTMLElement;
  await act(async () => {
    fireEvent.click(within(review).getByRole('button', { name: 'Save' }));
  });
}

export const notice = () => document.querySelector('[data-notice]') as HTMLElement;
export const draftStatus = () => document.querySelector('[data-draft-status]')!.textContent;
export const heading = () =>
  (document.getElementById('root_heading') as HTMLInputElement | null)?.value;

/** The hero's heading as the editor has it (opens its form). */
export async function editHeadingValue(expected: string) {
  fireEvent.click(document.querySelector<HTMLButtonElement>('[data-row="hero"] .fc-row-main')!);
  await waitFor(() => expect(heading()).toBe(expected));
}

/**
 * A refused save's problems in the review dialog read in the editor's words, by page, block
 * and field, with the staff wording of the message, never as the server's JSON paths; the
 * paths stay folded away for reviewers (docs/editor-design.md, "Drafts and publishing").
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreContext } from '../lib/hooks.ts';
import type { DocumentIssue } from '../lib/issues.ts';
import { makeStore } from '../lib/store/test-kit.ts';
import { ServerIssues } from './ReviewDialog.tsx';

afterEach(cleanup);

function show(issues: DocumentIssue[], edit?: (store: ReturnType<typeof makeStore>) => void) {
  const store = makeStore();
  if (edit) act(() => edit(store));
  render(
    <StoreContext.Provider value={store}>
      <ServerIssues issues={issues} />
    </StoreContext.Provider>,
  );
  const list = document.querySelector('.fc-server-issues') as HTMLElement;
  return {
    store,
    lines: within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  };
}

describe('a refused save’s problems', () => {
  it('name the page, block and field in words, with the message in staff words', () => {
    const { lines } = show([
      {
        path: '/pages/0/blocks/0/props/heading',
        message: 'must NOT have fewer than 1 characters',
        keyword: 'minLength',
        params: { limit: 1 },
      } as DocumentIssue,
      {
        path: '/pages/1/title',
        message: 'must be string',
        keyword: 'type',
        params: { type: 'string' },
      } as DocumentIssue,
      {
        path: '/name',
        message: 'must NOT have fewer than 1 characters',
        keyword: 'minLength',
        params: { limit: 1 },
      } as DocumentIssue,
    ]);
    expect(lines).toEqual([
      'Page Test Site (/) › Hero home-hero › Heading: This cannot be empty',
      expect.stringMatching(/^Page Contact \(\/contact\) › Page title: /),
      expect.stringMatching(/^Settings › .+: This cannot be empty$/),
    ]);
    for (const line of lines) expect(line).not.toMatch(/\/pages|\/name|props|must NOT/);
  });

  it('name a template page’s block change (a path in the file as saved) by the block on the page as shown', () => {
    // In the file, contact's changes come first: home's are /pages/1, which on the site as shown is contact.
    const { lines } = show(
      [
        { path: '/pages/1/blockChanges/why-text/props/html', message: 'must be string' },
        {
          path: '/pages/1/blockChanges/left-text',
          message: 'no block "left-text" on template page "home"',
        },
      ],
      (store) => {
        store.updatePage('contact', { title: 'Talk to us' });
        store.setProps('why-text', { html: '<p>Changed</p>' });
        store.removeBlocks(['left-text']);
      },
    );
    expect(lines[0]).toMatch(/^Page Test Site \(\/\) › Rich text why-text › .+: /);
    // A block this site leaves out is named as the template has it.
    expect(lines[1]).toBe(
      'Page Test Site (/) › Rich text left-text: no block "left-text" on template page "home"',
    );
    for (const line of lines) expect(line).not.toMatch(/blockChanges|\/pages/);
  });

  it('keep the server’s paths for reviewers, folded away', () => {
    show([
      {
        path: '/pages/0/blocks/0/props/heading',
        message: 'must NOT have fewer than 1 characters',
        keyword: 'minLength',
        params: { limit: 1 },
      } as DocumentIssue,
    ]);
    const raw = screen.getByText('As the server reported them (for reviewers)').closest('details')!;
    expect(raw.open).toBe(false);
    expect(within(raw).getByText('/pages/0/blocks/0/props/heading').tagName).toBe('CODE');
  });
});

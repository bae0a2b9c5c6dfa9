/**
 * Conflicts on a template page's block changes read in words in the conflict dialog, by
 * page, block and field, not as the server's `blockChanges/…` path; a block one side left
 * out reads as left out (docs/editor-design.md, "Drafts and publishing").
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conflict } from '../lib/api.ts';
import { site, template } from '../lib/store/test-kit.ts';
import { ConflictDialog } from './ConflictDialog.tsx';

afterEach(cleanup);

const templates = { base: template() };
// Contact's changes come first in the file: home's are /pages/1, which on the site as shown is contact.
const merged = {
  ...site(),
  pages: [
    { id: 'contact', title: 'Talk to us' },
    {
      id: 'home',
      blockChanges: { 'home-hero': { props: { heading: 'Theirs' } }, 'left-text': null },
    },
  ],
};
const conflicts: Conflict[] = [
  {
    path: '/name',
    label: 'Site name',
    base: 'Test Site',
    mine: 'Mine Motors',
    theirs: 'Their Motors',
  },
  {
    path: '/pages/1/blockChanges/home-hero/props/heading',
    label: 'Page home: blockChanges/home-hero/props/heading',
    base: 'Welcome',
    mine: 'Mine',
    theirs: 'Theirs',
  },
  {
    path: '/pages/1/blockChanges/left-text',
    label: 'Page home: blockChanges/left-text',
    mine: { props: { html: '<p>Mine</p>' } },
    theirs: null,
  },
];

function open(document?: typeof merged) {
  render(
    <ConflictDialog
      conflicts={conflicts}
      document={document}
      templates={templates}
      from="save"
      busy={false}
      onResolve={vi.fn()}
      onCancel={vi.fn()}
    />,
  );
  return screen.getByTestId('conflict-dialog');
}

describe('conflicts on a template page’s block changes', () => {
  it('are named by page, block and field; other conflicts keep the server’s label', () => {
    const dialog = open(merged);
    const legends = [...dialog.querySelectorAll('legend')].map((l) => l.textContent);
    expect(legends).toEqual([
      'Site name',
      'Page Test Site (/) › Hero home-hero › Heading',
      'Page Test Site (/) › Rich text left-text',
    ]);
    expect(dialog.textContent).not.toMatch(/blockChanges/);
    within(dialog).getByRole('group', { name: 'Page Test Site (/) › Hero home-hero › Heading' });
  });

  it('show a block left out as left out, not null', () => {
    const dialog = open(merged);
    const group = within(dialog).getByRole('group', {
      name: 'Page Test Site (/) › Rich text left-text',
    });
    const theirs = within(group).getByRole('radio', { name: 'Saved by someone else' });
    expect(document.getElementById(theirs.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Left out of this site',
    );
    expect(group.textContent).not.toContain('null');
  });

  it('name the conflicts still to choose in words too', () => {
    const dialog = open(merged);
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Yours', description: 'Mine Motors' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    expect(dialog.querySelector('[data-conflict-error]')!.textContent).toBe(
      'Choose which value to keep for Page Test Site (/) › Hero home-hero › Heading, Page Test Site (/) › Rich text left-text.',
    );
  });

  it('without the merged document, fall back to the server’s labels', () => {
    const dialog = open(undefined);
    expect([...dialog.querySelectorAll('legend')].map((l) => l.textContent)).toEqual(
      conflicts.map((c) => c.label),
    );
  });
});

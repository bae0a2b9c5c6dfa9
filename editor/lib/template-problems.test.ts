/**
 * The Problems panel opens a template page's block change where staff see it: the server
 * reports it as a pointer into the file as saved (`/pages/N/blockChanges/…`, N counting the
 * site's own page entries), which is moved to the block on the page as shown
 * (docs/editor-design.md, "Drafts and publishing").
 */
import { describe, expect, it } from 'vitest';
import { issueTarget } from '../../engine/document/words/place-targets.ts';
import { mapIssues } from './issues.ts';
import { problemsOnResolved } from '../../engine/document/words/place-words.ts';
import { makeStore } from './store/test-kit.ts';

describe('problems at a template page’s block change', () => {
  it('point at the changed block on the page as shown, not at the page of the same number', () => {
    const store = makeStore();
    // Contact's change is saved first, so home's block changes are /pages/1 in the file; on the site /pages/1 is contact.
    store.updatePage('contact', { title: 'Talk to us' });
    store.setProps('why-text', { html: '<p>Changed</p>' });
    const { doc, resolved } = store.getState();
    const fromServer = [
      { path: '/pages/1/blockChanges/why-text/props/html', message: 'must be string' },
    ];
    const [moved] = problemsOnResolved(fromServer, doc, resolved);
    const homeIndex = resolved.pages.findIndex((p: { id: string }) => p.id === 'home');
    expect(moved.path).toMatch(new RegExp(`^/pages/${homeIndex}/blocks/.*props/html$`));
    const target = issueTarget(resolved, moved.path);
    expect(target).toMatchObject({
      kind: 'block',
      blockId: 'why-text',
      view: 'page:home',
      field: ['html'],
    });
    expect(
      mapIssues(resolved, [{ ...moved, keyword: 'type', params: { type: 'string' } } as never])[0]
        .target,
    ).toEqual(target);
  });

  it('leave other problems, and a change to a block the page leaves out, as reported', () => {
    const store = makeStore();
    store.removeBlocks(['left-text']);
    const { doc, resolved } = store.getState();
    const issues = [
      { path: '/pages/0/blocks/0/props/heading', message: 'x' },
      { path: '/pages/0/blockChanges/left-text', message: 'y' },
    ];
    expect(problemsOnResolved(issues, doc, resolved)).toEqual(issues);
  });
});

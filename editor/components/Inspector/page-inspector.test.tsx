/**
 * The page inspector says what is true of a template page (docs/editor-design.md, "The
 * document model"): unchanged, the template's page with this site's changes named by block
 * and field (it still follows the template), or the site's own copy; and offers to go back to the
 * template's page.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnnounceContext, StoreContext } from '../../lib/hooks.ts';
import { templatePageState } from '../../lib/page-change-words.ts';
import { makeStore, template } from '../../lib/store/test-kit.ts';
import { PageInspector } from './PageInspector.tsx';

afterEach(cleanup);

function setup() {
  const store = makeStore();
  const announce = vi.fn();
  act(() => store.setView('page:home'));
  render(
    <StoreContext.Provider value={store}>
      <AnnounceContext.Provider value={announce}>
        <PageInspector />
      </AnnounceContext.Provider>
    </StoreContext.Provider>,
  );
  return { store, announce };
}

describe('page inspector: a template page', () => {
  it('unchanged, says it is the template’s page and offers no reset', () => {
    setup();
    screen.getByText(/The template’s page, unchanged/);
    expect(screen.queryByRole('button', { name: 'Reset to template' })).toBeNull();
    expect(screen.queryByText(/own version/)).toBeNull();
  });

  it('with block changes, says it still follows the template and names each change by block and field', () => {
    const { store } = setup();
    act(() => {
      store.setProps('home-hero', { heading: 'Hello' });
      store.removeBlocks(['left-text']);
      store.updatePage('home', { title: 'Home of {site}' });
    });
    // Stored as changes, not a copy.
    expect(store.getState().doc.pages[0]).not.toHaveProperty('blocks');
    const note = screen.getByTestId('page-changes');
    expect(note.textContent).toContain('The template’s page with 3 changes of this site');
    expect(note.textContent).toContain('still reach this site');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Page title',
      'Hero home-hero: Heading',
      'Rich text left-text: left out of this site',
    ]);
    expect(screen.queryByText(/own (version|copy)/)).toBeNull();
    expect(note.textContent).not.toMatch(/blockChanges|props/);
  });

  it('one change reads in the singular; going back to the template’s page drops it', () => {
    const { store, announce } = setup();
    act(() => void store.setProps('home-hero', { heading: 'Hello' }));
    const note = screen.getByTestId('page-changes');
    expect(note.textContent).toContain('with 1 change of this site');
    expect(note.textContent).toContain('drops this change');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to template' }));
    expect(store.getState().doc.pages).toBeUndefined();
    expect(announce).toHaveBeenCalledWith('Page home reset to the template.');
    screen.getByText(/The template’s page, unchanged/);
  });

  it('after a structural change, says it is the site’s own copy that the template’s changes no longer reach', () => {
    const { store } = setup();
    act(() => void store.addBlock('rich-text', { ref: { area: 'page:home' }, index: 0 }));
    expect(store.getState().doc.pages[0]).toHaveProperty('blocks');
    screen.getByText(
      /This site’s own copy of a template page: the template’s later changes to this page do not reach this site/,
    );
    expect(screen.queryByTestId('page-changes')).toBeNull();
    screen.getByRole('button', { name: 'Reset to template' });
  });

  it('names a change of a block the template no longer has as having no effect', () => {
    const doc = {
      pages: [
        {
          id: 'home',
          blockChanges: {
            gone: { props: { heading: 'x' } },
            'home-hero': { props: { heading: 'y', image: 'z' } },
          },
        },
      ],
    };
    expect(templatePageState(doc, template(), 'home')).toEqual({
      kind: 'changes',
      changes: [
        'Block gone: not on the template’s page any more (the change has no effect)',
        'Hero home-hero: Heading, Background picture',
      ],
    });
  });
});

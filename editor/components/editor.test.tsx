import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { EditorStore } from '../lib/store/index.ts';
import { AnnounceContext, type IssuesValue } from '../lib/hooks.ts';
import { mapIssues } from '../lib/issues.ts';
import { BlockInspector, FeaturePanel } from './Inspector/index.ts';
import { BlocksPanel } from './BlocksPanel/index.tsx';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { inEditor } from './test-editor-contexts.tsx';

function doc(): Doc {
  return unitSite([
    { type: 'hero', id: 'hero', props: { heading: 'Hello' } },
    {
      type: 'section',
      id: 'box',
      children: [{ type: 'rich-text', id: 'text', props: { html: '<p>x</p>' } }],
    },
  ]);
}

function setup(issues: IssuesValue['issues'] = []) {
  const store = new EditorStore({ slug: 'unit-site', doc: doc() });
  const wrap = (ui: ReactNode) => inEditor(store, ui, issues);
  return { store, wrap };
}

describe('props form (rjsf)', () => {
  it('edits a prop without remounting the input and without writing defaults', () => {
    const { store, wrap } = setup();
    act(() => store.select('hero'));
    render(wrap(<BlockInspector />));
    const input = document.getElementById('root_heading') as HTMLInputElement;
    expect(input.value).toBe('Hello');
    input.focus();
    fireEvent.change(input, { target: { value: 'Hello there' } });
    fireEvent.change(input, { target: { value: 'Hello there!' } });
    // Same element, still focused: widgets and schemas are stable across renders.
    expect(document.getElementById('root_heading')).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(store.getState().doc.pages[0].blocks[0].props).toEqual({ heading: 'Hello there!' });
    // Typing is one undo step.
    expect(store.history().undo).toEqual(['Edit Hero hero']);
  });

  it('shows the runtime validator’s errors inline', () => {
    const issues = mapIssues(doc(), [
      {
        path: '/pages/0/blocks/0/props/heading',
        message: 'must NOT have fewer than 1 characters',
        keyword: 'minLength',
        params: { limit: 1 },
      },
    ]);
    const { store, wrap } = setup(issues);
    act(() => store.select('hero'));
    render(wrap(<BlockInspector />));
    // In staff words, not ajv's.
    screen.getByText('This cannot be empty');
    expect(screen.queryByText(/must NOT have/)).toBeNull();
  });

  it('uses the colour widget for Colour fields, the rich-text field for rich text, and help text from descriptions', () => {
    const { store, wrap } = setup();
    act(() => store.addBlock('emergency-banner'));
    render(wrap(<BlockInspector />));
    screen.getByText('Short notice beside the link.');
    expect(document.querySelector('#root_tone')?.tagName).toBe('SELECT');
    // Rich text (the shared `html` definition) gets the rich-text field, labelled by its title.
    expect(document.querySelector('#root_details')?.getAttribute('role')).toBe('textbox');
    expect(document.querySelector('#root_details')?.getAttribute('aria-label')).toBe(
      'Longer notice',
    );
  });
});

describe('feature switches panel', () => {
  it('lists switches by group with description and default, and flips one', () => {
    const { store, wrap } = setup();
    render(wrap(<FeaturePanel />));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search feature switches' }), {
      target: { value: 'instant' },
    });
    const sw = document.getElementById('feature-hideInstantOfferText') as HTMLInputElement;
    expect(sw.checked).toBe(false);
    screen.getByText(/Default: off/);
    fireEvent.click(sw);
    expect(store.getState().doc.features).toEqual({ hideInstantOfferText: true });
    screen.getByText('Set for this site');
    fireEvent.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(store.getState().doc.features).toBeUndefined();
  });

  it('shows a choice switch’s options by their labels and stores the value', () => {
    const { store, wrap } = setup();
    render(wrap(<FeaturePanel />));
    const select = document.getElementById('feature-financeLink') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toContain(
      'Finance enquiry (/finance-enquiry)',
    );
    fireEvent.change(select, { target: { value: JSON.stringify('/finance-enquiry') } });
    expect(store.getState().doc.features).toEqual({ financeLink: '/finance-enquiry' });
  });
});

describe('outline', () => {
  it('renders the page as one flat list with depths and problem badges', () => {
    const issues = mapIssues(doc(), [
      { path: '/pages/0/blocks/1/children/0/props/html', message: 'is required' },
    ]);
    const { wrap } = setup(issues);
    render(wrap(<BlocksPanel />));
    const rows = [...document.querySelectorAll('.fc-tree > li')].map(
      (li) => `${li.getAttribute('data-depth')}:${li.getAttribute('data-row')}`,
    );
    expect(rows).toEqual(['0:hero', '0:box', '1:text']);
    screen.getByRole('button', { name: /Rich text text.*1 problem/ });
    // Every row has a keyboard drag handle naming the block.
    expect(
      screen.getByRole('button', { name: 'Move Section box' }).getAttribute('aria-roledescription'),
    ).toBe('sortable');
  });

  it('adds a block from the palette by click, after the selected block', () => {
    const { store, wrap } = setup();
    act(() => store.select('hero'));
    render(wrap(<BlocksPanel />));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search blocks' }), {
      target: { value: 'rich' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Rich text' }));
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual([
      'hero',
      'rich-text',
      'box',
    ]);
    expect(document.querySelector('[data-row="rich-text"]')).toBeTruthy();
  });

  it('deletes, duplicates, copies and pastes with the keyboard', () => {
    localStorage.clear();
    const { store, wrap } = setup();
    render(wrap(<BlocksPanel />));
    const row = screen.getByRole('button', { name: /^Hero hero/ });
    act(() => row.focus());
    expect(store.getState().selected).toBe('hero');
    fireEvent.keyDown(row, { key: 'd', ctrlKey: true });
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual([
      'hero',
      'hero-2',
      'box',
    ]);
    fireEvent.keyDown(row, { key: 'c', ctrlKey: true });
    act(() => store.select('text'));
    fireEvent.keyDown(row, { key: 'v', ctrlKey: true });
    expect(store.getState().doc.pages[0].blocks[2].children.map((b: Doc) => b.id)).toEqual([
      'text',
      'hero-3',
    ]);
    fireEvent.keyDown(row, { key: 'Delete' });
    expect(store.getState().doc.pages[0].blocks[2].children.map((b: Doc) => b.id)).toEqual([
      'text',
    ]);
  });
});

describe('multi-select in the outline', () => {
  function setupMulti() {
    localStorage.clear();
    const { store, wrap } = setup();
    const announce = vi.fn();
    render(
      <AnnounceContext.Provider value={announce}>
        {wrap(
          <>
            <BlocksPanel />
            <BlockInspector />
          </>,
        )}
      </AnnounceContext.Provider>,
    );
    const main = (id: string) =>
      document.querySelector<HTMLButtonElement>(`[data-row="${id}"] .fc-row-main`)!;
    const selectedRows = () =>
      [...document.querySelectorAll('.fc-tree > li[aria-selected="true"]')].map((li) =>
        li.getAttribute('data-row'),
      );
    return { store, announce, main, selectedRows };
  }

  it('is a multiselectable treegrid: Ctrl/Cmd+click toggles, Shift+click selects a range, announced', () => {
    const { store, announce, main, selectedRows } = setupMulti();
    const tree = document.querySelector('.fc-tree')!;
    expect(tree.getAttribute('role')).toBe('treegrid');
    expect(tree.getAttribute('aria-multiselectable')).toBe('true');
    expect(document.querySelector('[data-row="text"]')!.getAttribute('aria-level')).toBe('2');
    fireEvent.click(main('hero'));
    fireEvent.click(main('text'), { ctrlKey: true });
    expect(selectedRows()).toEqual(['hero', 'text']);
    expect(announce).toHaveBeenLastCalledWith('2 blocks selected.');
    expect(document.querySelector('[data-row="box"]')!.getAttribute('aria-selected')).toBe('false');
    // The Inspector sums them up instead of a form.
    screen.getByRole('heading', { name: '2 blocks selected: Hero hero, Rich text text' });
    expect(document.getElementById('root_heading')).toBeNull();
    fireEvent.click(main('hero'), { metaKey: true });
    expect(selectedRows()).toEqual(['text']);
    // Shift+click: from the primary (text) up to hero.
    fireEvent.click(main('hero'), { shiftKey: true });
    expect(selectedRows()).toEqual(['hero', 'box', 'text']);
    expect(store.getState().selected).toBe('text');
    expect(announce).toHaveBeenLastCalledWith('3 blocks selected.');
    // Pick one to edit from the summary.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Hero hero' }));
    expect(selectedRows()).toEqual(['hero']);
    expect(document.getElementById('root_heading')).toBeTruthy();
  });

  it('by keyboard: arrows move, Shift+arrows extend, Space toggles, Escape goes back to the primary, Ctrl+A selects all', () => {
    const { store, announce, main, selectedRows } = setupMulti();
    act(() => main('hero').focus());
    expect(selectedRows()).toEqual(['hero']);
    fireEvent.keyDown(main('hero'), { key: 'ArrowDown' });
    expect(selectedRows()).toEqual(['box']);
    expect(document.activeElement).toBe(main('box'));
    fireEvent.keyDown(main('box'), { key: 'ArrowDown', shiftKey: true });
    expect(selectedRows()).toEqual(['box', 'text']);
    expect(document.activeElement).toBe(main('text'));
    expect(announce).toHaveBeenLastCalledWith('2 blocks selected.');
    // Focus moving within the outline does not undo a multi-selection.
    act(() => main('hero').focus());
    expect(selectedRows()).toEqual(['box', 'text']);
    fireEvent.keyDown(main('hero'), { key: ' ' });
    expect(selectedRows()).toEqual(['hero', 'box', 'text']);
    expect(store.getState().selected).toBe('hero');
    fireEvent.keyDown(main('hero'), { key: ' ', ctrlKey: true });
    expect(selectedRows()).toEqual(['box', 'text']);
    fireEvent.keyDown(main('text'), { key: 'Escape' });
    expect(selectedRows()).toEqual(['text']);
    expect(announce).toHaveBeenLastCalledWith('1 block selected: Rich text text.');
    // Its list (the section's children) is just it, selected already: so the page's top-level blocks.
    fireEvent.keyDown(main('text'), { key: 'a', ctrlKey: true });
    expect(selectedRows()).toEqual(['hero', 'box']);
    expect(announce).toHaveBeenLastCalledWith('2 blocks selected.');
  });

  it('Delete removes the selected blocks in one undo step; Ctrl+D and Ctrl+C/Ctrl+V act on all of them', () => {
    const { store, announce, main, selectedRows } = setupMulti();
    fireEvent.click(main('hero'));
    fireEvent.click(main('box'), { shiftKey: true });
    fireEvent.keyDown(main('box'), { key: 'd', ctrlKey: true });
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual([
      'hero',
      'box',
      'hero-2',
      'box-2',
    ]);
    expect(selectedRows()).toEqual(['hero-2', 'box-2']);
    fireEvent.keyDown(main('box-2'), { key: 'Delete' });
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual(['hero', 'box']);
    expect(announce).toHaveBeenLastCalledWith(
      'Removed 2 blocks: Hero hero-2 and Section box-2. Undo with Ctrl+Z.',
    );
    expect(store.history().undo).toEqual(['Remove 2 blocks', 'Duplicate 2 blocks']);
    fireEvent.click(main('hero'));
    fireEvent.click(main('text'), { ctrlKey: true });
    fireEvent.keyDown(main('text'), { key: 'c', ctrlKey: true });
    fireEvent.click(main('hero'));
    fireEvent.keyDown(main('hero'), { key: 'v', ctrlKey: true });
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual([
      'hero',
      'hero-2',
      'text-2',
      'box',
    ]);
    expect(selectedRows()).toEqual(['hero-2', 'text-2']);
  });
});

import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { EditorStore } from '../lib/store.ts';
import { IssueCounts, IssueCountsContext, IssuesContext, StoreContext, type IssuesValue } from '../lib/hooks.ts';
import { mapIssues } from '../lib/issues.ts';
import { BlockInspector, FeaturePanel } from './Inspector.tsx';
import { BlocksPanel } from './BlocksPanel.tsx';
import type { Doc } from '../lib/doc.ts';

function doc(): Doc {
  return {
    schemaVersion: 2,
    slug: 'unit-site',
    name: 'Unit Site',
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          { type: 'hero', id: 'hero', props: { heading: 'Hello' } },
          { type: 'section', id: 'box', children: [{ type: 'rich-text', id: 'text', props: { html: '<p>x</p>' } }] },
        ],
      },
    ],
  };
}

function setup(issues: IssuesValue['issues'] = []) {
  const store = new EditorStore({ slug: 'unit-site', doc: doc() });
  const byBlock = new Map<string, IssuesValue['issues']>();
  for (const i of issues) if (i.target.kind === 'block') byBlock.set(i.target.blockId, [...(byBlock.get(i.target.blockId) ?? []), i]);
  const value: IssuesValue = { issues, byBlock, pending: false, revision: 0, site: null };
  const counts = new IssueCounts();
  counts.update(byBlock);
  const wrap = (ui: ReactNode) => (
    <StoreContext.Provider value={store}>
      <IssuesContext.Provider value={value}>
        <IssueCountsContext.Provider value={counts}>{ui}</IssueCountsContext.Provider>
      </IssuesContext.Provider>
    </StoreContext.Provider>
  );
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
    const issues = mapIssues(doc(), [{ path: '/pages/0/blocks/0/props/heading', message: 'must NOT have fewer than 1 characters' }]);
    const { store, wrap } = setup(issues);
    act(() => store.select('hero'));
    render(wrap(<BlockInspector />));
    expect(screen.getByText('must NOT have fewer than 1 characters')).toBeTruthy();
  });

  it('uses the colour widget for Colour fields and help text from descriptions', () => {
    const { store, wrap } = setup();
    act(() => store.addBlock('emergency-banner'));
    render(wrap(<BlockInspector />));
    expect(screen.getByText('Short notice beside the link.')).toBeTruthy();
    expect(document.querySelector('#root_tone')?.tagName).toBe('SELECT');
    expect(document.querySelector('#root_details')?.tagName).toBe('TEXTAREA');
  });
});

describe('feature switches panel', () => {
  it('lists switches by group with description and default, and flips one', () => {
    const { store, wrap } = setup();
    render(wrap(<FeaturePanel />));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search feature switches' }), { target: { value: 'instant' } });
    const sw = document.getElementById('feature-hideInstantOfferText') as HTMLInputElement;
    expect(sw.checked).toBe(false);
    expect(screen.getByText(/Default: off/)).toBeTruthy();
    fireEvent.click(sw);
    expect(store.getState().doc.features).toEqual({ hideInstantOfferText: true });
    expect(screen.getByText('Set for this site')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(store.getState().doc.features).toBeUndefined();
  });
});

describe('outline', () => {
  it('renders the page as one flat list with depths and problem badges', () => {
    const issues = mapIssues(doc(), [{ path: '/pages/0/blocks/1/children/0/props/html', message: 'is required' }]);
    const { wrap } = setup(issues);
    render(wrap(<BlocksPanel />));
    const rows = [...document.querySelectorAll('.fc-tree > li')].map((li) => `${li.getAttribute('data-depth')}:${li.getAttribute('data-row')}`);
    expect(rows).toEqual(['0:hero', '0:box', '1:text']);
    expect(screen.getByRole('button', { name: /Rich text text.*1 problem/ })).toBeTruthy();
    // Every row has a keyboard drag handle naming the block.
    expect(screen.getByRole('button', { name: 'Move Section box' }).getAttribute('aria-roledescription')).toBe('sortable');
  });

  it('adds a block from the palette by click, after the selected block', () => {
    const { store, wrap } = setup();
    act(() => store.select('hero'));
    render(wrap(<BlocksPanel />));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search blocks' }), { target: { value: 'rich' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Rich text' }));
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual(['hero', 'rich-text', 'box']);
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
    expect(store.getState().doc.pages[0].blocks.map((b: Doc) => b.id)).toEqual(['hero', 'hero-2', 'box']);
    fireEvent.keyDown(row, { key: 'c', ctrlKey: true });
    act(() => store.select('text'));
    fireEvent.keyDown(row, { key: 'v', ctrlKey: true });
    expect(store.getState().doc.pages[0].blocks[2].children.map((b: Doc) => b.id)).toEqual(['text', 'hero-3']);
    fireEvent.keyDown(row, { key: 'Delete' });
    expect(store.getState().doc.pages[0].blocks[2].children.map((b: Doc) => b.id)).toEqual(['text']);
  });
});

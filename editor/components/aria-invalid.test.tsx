/**
 * Every field with a problem is `aria-invalid` (docs/editor-design.md, "Accessibility"):
 * rjsf's own widgets (text, number, select, checkbox) in a block's form, the page fields and
 * the feature switches; fields without a problem are not.
 */
import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { EditorStore } from '../lib/store/index.ts';
import { mapIssues } from '../lib/issues.ts';
import { BlockInspector, FeaturePanel, PageInspector } from './Inspector/index.ts';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { inEditor } from './test-editor-contexts.tsx';

type Problem = { path: string; message: string; keyword: string; params?: Record<string, unknown> };

function open(blocks: Doc[], problems: Problem[], ui: ReactNode, extra: Partial<Doc> = {}) {
  const store = new EditorStore({ slug: 'unit-site', doc: { ...unitSite(blocks), ...extra } });
  const mapped = (problems: Problem[]) =>
    mapIssues(
      store.getState().resolved,
      problems.map((p) => ({ params: {}, ...p })),
    );
  if (blocks[0]) act(() => store.select(String(blocks[0].id)));
  const { rerender } = render(inEditor(store, ui, mapped(problems)));
  /** The same editor with other problems (the draft checked again). */
  return { recheck: (next: Problem[]) => rerender(inEditor(store, ui, mapped(next))) };
}

const invalid = (selector: string) =>
  document.querySelector(selector)?.getAttribute('aria-invalid') ?? null;

describe('aria-invalid', () => {
  it("marks rjsf's text, number, select and checkbox widgets with a problem, and only them", () => {
    const at = (field: string) => `/pages/0/blocks/0/props/${field}`;
    open(
      [{ type: 'model-cards', id: 'cards', props: { heading: 'x'.repeat(130), limit: 500 } }],
      [
        { path: at('heading'), message: 'too long', keyword: 'maxLength', params: { limit: 120 } },
        { path: at('limit'), message: 'too big', keyword: 'maximum', params: { limit: 100 } },
        { path: at('linkTo'), message: 'not allowed', keyword: 'enum' },
        { path: at('showPrice'), message: 'must be boolean', keyword: 'type' },
      ],
      <BlockInspector />,
    );
    expect(document.querySelector('#root_limit')?.getAttribute('type')).toBe('number');
    expect(document.querySelector('#root_linkTo')?.tagName).toBe('SELECT');
    expect(document.querySelector('#root_showPrice')?.getAttribute('type')).toBe('checkbox');
    for (const f of ['heading', 'limit', 'linkTo', 'showPrice'])
      expect(invalid(`#root_${f}`), f).toBe('true');
    for (const f of ['intro', 'manufacturer', 'buttonLabel', 'body', 'showFilters'])
      expect(invalid(`#root_${f}`), f).toBeNull();
  });

  it('takes the mark off a field once its problem is fixed, and puts it back when it returns', () => {
    const limit = { path: '/pages/0/blocks/0/props/limit', message: 'too big', keyword: 'maximum' };
    const { recheck } = open(
      [{ type: 'model-cards', id: 'cards', props: { limit: 500 } }],
      [limit],
      <BlockInspector />,
    );
    expect(invalid('#root_limit')).toBe('true');
    recheck([]);
    expect(invalid('#root_limit')).toBeNull();
    recheck([limit]);
    expect(invalid('#root_limit')).toBe('true');
  });

  it('marks a page field with a problem and describes it by the message', () => {
    open(
      [],
      [{ path: '/pages/0/path', message: 'bad route', keyword: 'pattern' }],
      <PageInspector />,
    );
    const path = document.querySelector('#page-path')!;
    expect(path.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(path.getAttribute('aria-describedby')!);
    expect(described?.textContent).not.toBe('');
    expect(invalid('#page-title')).toBeNull();
  });

  it('marks a feature switch with a problem', () => {
    open(
      [],
      [{ path: '/features/compare', message: 'must be boolean', keyword: 'type' }],
      <FeaturePanel />,
      { features: { compare: 'yes' } },
    );
    expect(invalid('#feature-compare')).toBe('true');
    expect(invalid('#feature-watchlist')).toBeNull();
  });
});

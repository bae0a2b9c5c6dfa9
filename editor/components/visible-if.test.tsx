/**
 * Conditional fields (docs/editor-design.md, "Conditional fields"): a field whose schema says
 * `x-visibleIf` shows only while the field it names has a value (or one of the values given),
 * in the real blocks' forms.
 */
import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import hero from '../../schemas/blocks/hero.schema.json' with { type: 'json' };
import promoTile from '../../schemas/blocks/promo-tile.schema.json' with { type: 'json' };
import { EditorStore } from '../lib/store/index.ts';
import { BlockInspector } from './Inspector/index.ts';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { isVisible } from './form-templates.tsx';
import { inEditor } from './test-editor-contexts.tsx';

function open(block: Doc) {
  const store = new EditorStore({ slug: 'unit-site', doc: unitSite([block]) });
  const wrap = (ui: ReactNode) => inEditor(store, ui);
  act(() => store.select(String(block.id)));
  return render(wrap(<BlockInspector />));
}

const field = (id: string) => document.getElementById(id);

describe('conditional fields (x-visibleIf)', () => {
  it('the schemas say which fields wait for another', () => {
    expect(hero.properties.layout['x-visibleIf']).toEqual({ field: 'image' });
    expect(promoTile.properties.strictDisplay['x-visibleIf']).toEqual({ field: 'display' });
  });

  it('a hero’s picture placement shows only once it has a picture', () => {
    const { unmount } = open({ type: 'hero', id: 'hero', props: { heading: 'Hello' } });
    expect(field('root_heading')).not.toBeNull();
    expect(field('root_layout')).toBeNull();
    unmount();
    open({
      type: 'hero',
      id: 'hero',
      props: { heading: 'Hello', image: { src: '/assets/a.png', alt: 'A car' } },
    });
    expect(field('root_layout')).not.toBeNull();
  });

  it('a promo tile’s fixed position shows only among the results', () => {
    const { unmount } = open({ type: 'promo-tile', id: 'tile', props: { heading: 'Hi' } });
    // placement defaults to results, which the form fills in.
    expect(field('root_position')).not.toBeNull();
    expect(field('root_strictDisplay')).toBeNull();
    unmount();
    open({
      type: 'promo-tile',
      id: 'tile',
      props: { heading: 'Hi', placement: 'inline', display: ['used'] },
    });
    expect(field('root_position')).toBeNull();
    expect(field('root_strictDisplay')).not.toBeNull();
  });

  it('reads a value as given: empty text, an empty list and false are no value', () => {
    const rule = { field: 'x' };
    for (const x of ['', [], false, undefined, { a: '' }])
      expect(isVisible(rule, { x })).toBe(false);
    for (const x of ['a', ['a'], true, 0]) expect(isVisible(rule, { x })).toBe(true);
    expect(isVisible({ field: 'x', in: ['a'] }, { x: 'b' })).toBe(false);
  });
});

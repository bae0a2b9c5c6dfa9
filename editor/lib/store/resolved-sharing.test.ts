import { describe, expect, it } from 'vitest';
import { findBlock } from '../doc.ts';
import { previewPatches } from '../preview-patch.ts';
import { EditorStore } from './index.ts';
import { makeStore, read, site } from './test-kit.ts';

describe('the resolved draft keeps what an edit did not change', () => {
  // The site sets features and a theme of its own, which the template merge makes anew on
  // every resolve: a typed heading on such a site (every demo site) never took the fast path.
  const ownSettings = () => ({
    ...site(),
    features: { reserveButtons: false },
    theme: { colours: { primary: '#123456' } },
  });

  it('keeps merged settings and the other blocks as the same objects, so a typed heading goes to the preview at once', () => {
    const store = makeStore(ownSettings());
    const before = store.getState().resolved;
    const hero = findBlock(before, 'home-hero')!.block;
    expect(store.setProps('home-hero', { ...hero.props, heading: 'Welcome in' })).toBe(true);
    const after = store.getState().resolved;
    expect(after.features).toBe(before.features);
    expect(after.theme).toBe(before.theme);
    expect(after.layout).toBe(before.layout);
    expect(after.pages[1]).toBe(before.pages[1]);
    expect(findBlock(after, 'why-us')!.block).toBe(findBlock(before, 'why-us')!.block);
    expect(previewPatches(before, after)).toEqual([
      { kind: 'props', blockId: 'home-hero', changes: { heading: 'Welcome in' } },
    ]);
  });

  it('still gives a new object where the value changed (a setting)', () => {
    const store = makeStore(ownSettings());
    const before = store.getState().resolved;
    store.setFeature('reserveButtons', true);
    const after = store.getState().resolved;
    expect(after.features).not.toBe(before.features);
    expect(after.features.reserveButtons).toBe(true);
    expect(after.theme).toBe(before.theme);
    expect(previewPatches(before, after)).toBeUndefined();
  });

  it('sends a typed button label on the demo home hero as a patch (gold-coast-ford as in sites/)', () => {
    const doc = read('sites/gold-coast-ford.json');
    const real = new EditorStore({
      slug: 'gold-coast-ford',
      doc,
      templates: { ford: read('sites/templates/ford.json') },
    });
    const before = real.getState().resolved;
    const hero = findBlock(before, 'home-hero')!.block;
    const actions = (hero.props!.actions as Array<{ label: string; href: string }>).map((a) => ({
      ...a,
    }));
    actions[0] = { ...actions[0], label: `${actions[0].label} now` };
    expect(real.setProps('home-hero', { ...hero.props, actions })).toBe(true);
    expect(previewPatches(before, real.getState().resolved)).toEqual([
      {
        kind: 'props',
        blockId: 'home-hero',
        changes: {},
        leaves: [{ path: ['actions', '0', 'label'], value: `${actions[0].label}` }],
      },
    ]);
  });
});

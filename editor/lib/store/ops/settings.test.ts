import { describe, expect, it } from 'vitest';
import { overrideFor, UNSET, withoutAddedDefaults } from '../../doc.ts';
import { blockPropsSchema } from '../../schemas.ts';
import { startingProps } from '../../starting-props.ts';
import carouselSchema from '../../../../schemas/blocks/carousel.schema.json';
import { makeStore } from '../test-kit.ts';

describe('settings, switches and pages', () => {
  it('stores only the override of the template for settings', () => {
    const store = makeStore();
    const theme = structuredClone(store.getState().resolved.theme);
    theme.colours.primary = '#ff0000';
    store.setSetting('theme', theme);
    expect(store.getState().doc.theme).toEqual({ colours: { primary: '#ff0000' } });
    theme.colours.primary = '#00095b';
    store.setSetting('theme', theme);
    expect(store.getState().doc.theme).toEqual({ colours: { primary: '#00095b' } }); // kept: the site set it
    expect(overrideFor({ a: 1 }, { a: 1 }, undefined)).toBe(UNSET);
    expect(overrideFor({ a: 1, b: 2 }, { a: 1 }, undefined)).toEqual({ b: null });
  });

  it('sets and resets feature switches', () => {
    const store = makeStore();
    store.setFeature('reserveButtons', false);
    expect(store.getState().resolved.features.reserveButtons).toBe(false);
    store.setFeature('reserveButtons', undefined);
    expect(store.getState().doc.features).toBeUndefined();
    expect(store.getState().resolved.features.reserveButtons).toBe(true);
  });

  it('never writes defaults rjsf fills in, but keeps what was set', () => {
    const schema = blockPropsSchema('hero')!;
    expect(
      withoutAddedDefaults(
        { heading: 'x', align: 'left', tone: 'brand', actions: [], text: undefined },
        { heading: '' },
        schema,
      ),
    ).toEqual({ heading: 'x' });
    expect(
      withoutAddedDefaults(
        { heading: 'x', align: 'left' },
        { heading: 'x', align: 'left' },
        schema,
      ),
    ).toEqual({ heading: 'x', align: 'left' });
    expect(withoutAddedDefaults({ heading: 'x', align: 'center' }, {}, schema)).toEqual({
      heading: 'x',
      align: 'center',
    });
    // A required field with a placeholder starts with it (publishing refuses it until replaced).
    const slide = carouselSchema.properties.slides.items.properties.title;
    expect(startingProps('carousel')).toEqual({ slides: [{ title: slide['x-placeholder'] }] });
  });
});

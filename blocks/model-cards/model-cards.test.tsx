import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Model } from '../../schemas/types.gen.ts';
import type { ModelCardsProps } from '../../schemas/resolved.gen.ts';
import {
  filterModels,
  modelStatusLabel,
  parseModelBody,
  type ModelBody,
} from '../_shared/models.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import {
  demoCatalogue,
  prepareDemoSite,
  renderBlock,
  withDefaults,
} from '../_shared/test-utils.tsx';
import { SHORT_DESCRIPTION_LIMIT, truncate } from '../_shared/text.ts';
import ModelDetail from '../model-detail/index.tsx';
import { expectLadderPhoto, expectPlainPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import ModelCards, { MODEL_CARD_PHOTO, selectedBody } from './index.tsx';

const cardsProps = (props: Partial<ModelCardsProps>) =>
  withDefaults<ModelCardsProps>('model-cards', props);
const model = (extra: Partial<Model>): Model => ({
  id: 1,
  name: 'X',
  slug: 'x',
  manufacturer_name: 'Ford',
  ...extra,
});

describe('model body filter', () => {
  it('reads ?body= values, including spaces, plus signs and plurals', () => {
    expect(parseModelBody('suv')).toBe('suv');
    expect(parseModelBody('SUVs')).toBe('suv');
    expect(parseModelBody('future vehicles')).toBe('future vehicles');
    expect(parseModelBody('future-vehicles')).toBe('future vehicles');
    expect(parseModelBody('trucks')).toBe('trucks');
    expect(parseModelBody('boats')).toBeUndefined();
    expect(parseModelBody('')).toBeUndefined();
    expect(selectedBody(cardsProps({}), '?body=future+vehicles')).toBe('future vehicles');
    expect(selectedBody(cardsProps({ body: 'vans' }), '')).toBe('vans');
    expect(selectedBody(cardsProps({ body: 'vans', bodyFromAddress: false }), '?body=suv')).toBe(
      'vans',
    );
    expect(selectedBody(cardsProps({ body: 'vans' }), '?body=nonsense')).toBe('vans');
  });

  it('matches each kind by category, body and fuel', () => {
    const list = [
      model({ id: 1, slug: 'everest', manufacturer_body: 'SUVs', body: ['suv'] }),
      model({ id: 2, slug: 'ranger', manufacturer_body: 'Utes & Trucks', body: ['ute'] }),
      model({ id: 3, slug: 'transit', manufacturer_body: 'Vans', body: ['van'] }),
      model({ id: 4, slug: 'mustang', manufacturer_body: 'Performance', body: ['coupe'] }),
      model({
        id: 5,
        slug: 'mach-e',
        manufacturer_body: 'Electric',
        body: ['suv'],
        fuel: ['Electric'],
      }),
      model({
        id: 6,
        slug: 'bronco',
        manufacturer_body: 'SUVs',
        body: ['suv'],
        status: 'coming_soon',
      }),
      model({
        id: 7,
        slug: 'e-transit',
        manufacturer_body: 'Vans',
        body: ['van'],
        fuel: ['Electric'],
      }),
    ];
    const slugs = (body: ModelBody | undefined) => filterModels(list, { body }).map((m) => m.slug);
    expect(slugs('suv')).toEqual(['everest', 'mach-e', 'bronco']);
    expect(slugs('trucks')).toEqual(['ranger']);
    expect(slugs('vans')).toEqual(['transit', 'e-transit']);
    expect(slugs('performance')).toEqual(['mustang']);
    expect(slugs('electric')).toEqual(['mach-e', 'e-transit']);
    expect(slugs('future vehicles')).toEqual(['bronco']);
    expect(slugs(undefined)).toHaveLength(7);
  });

  it('labels model status: New, Coming Soon, or nothing', () => {
    expect(modelStatusLabel({ status: 'new' })).toBe('New');
    expect(modelStatusLabel({ status: 'coming_soon' })).toBe('Coming Soon');
    expect(modelStatusLabel({ status: '' })).toBeUndefined();
    expect(modelStatusLabel({})).toBeUndefined();
  });
});

const LONG_DESCRIPTION =
  'The all-new family SUV with seven seats, a 3.0L V6 turbo-diesel, full-time four-wheel drive and a 3,500 kg braked towing capacity. ' +
  'Built for the school run on Monday and the Simpson Desert on Saturday, with a 12-inch touchscreen and over-the-air updates.';

describe('model cards block', () => {
  it('shows the range with status labels, prices and links', () => {
    const { data } = renderBlock<ModelCardsProps>('model-cards', ModelCards, {
      props: {},
      route: '/models',
    });
    const cards = screen.getAllByRole('article');
    expect(cards.length).toBe(Math.min(48, data.models.length));
    const ranger = cards.find((c) => c.getAttribute('data-model') === 'ranger')!;
    within(ranger).getByText('New');
    within(ranger).getByText('$36,290');
    expect(ranger.textContent).toContain('from $36,290');
    expect(
      within(ranger).getByRole('link', { name: 'Explore the Ford Ranger' }).getAttribute('href'),
    ).toBe('/ranger');
    const comingSoon = data.models.find((m) => m.status === 'coming_soon');
    if (comingSoon) {
      const card = cards.find((c) => c.getAttribute('data-model') === comingSoon.slug)!;
      const badge = within(card).getByText('Coming Soon');
      expect(badge.querySelector('svg')).not.toBeNull();
    }
  });

  it('follows ?body= from the address and links every kind', () => {
    const { data, container } = renderBlock<ModelCardsProps>('model-cards', ModelCards, {
      props: {},
      route: '/models?body=suv',
    });
    expect(container.querySelector('[data-body="suv"]')).not.toBeNull();
    const expected = filterModels(data.models, { body: 'suv' }).map((m) => m.slug);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-model'))).toEqual(
      expected,
    );
    const nav = screen.getByRole('navigation', { name: 'Kinds of model' });
    expect(within(nav).getByRole('link', { name: 'SUVs' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'All models' }).getAttribute('href')).toBe(
      '/models',
    );
    expect(within(nav).getByRole('link', { name: 'Utes & Trucks' }).getAttribute('href')).toBe(
      '/models?body=trucks',
    );
    // Choosing another kind re-renders from the new address.
    fireEvent.click(within(nav).getByRole('link', { name: 'Utes & Trucks' }));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-model'))).toEqual(
      filterModels(data.models, { body: 'trucks' }).map((m) => m.slug),
    );
  });

  it("asks for a model's uploaded photo at the ladder widths a card shows, with its colour while it loads; a drawing as it is", () => {
    const ranger = demoCatalogue().models.find((m) => m.slug === 'ranger')!;
    const drawn = ranger.image;
    ranger.image = { url: UPLOADED_PHOTO };
    try {
      const { container } = renderBlock<ModelCardsProps>('model-cards', ModelCards, {
        props: {},
        route: '/models',
      });
      const image = (slug: string) =>
        container.querySelector(`[data-model="${slug}"] .fc-model-card__image`);
      expectLadderPhoto(image('ranger'), UPLOADED_PHOTO, MODEL_CARD_PHOTO);
      expectPlainPhoto(image('everest'), '/assets/models/everest.svg');
    } finally {
      ranger.image = drawn;
    }
  });

  it('links to the model stock instead of the model page when asked', () => {
    renderBlock<ModelCardsProps>('model-cards', ModelCards, {
      props: { linkTo: 'stock', body: 'trucks' },
      route: '/models',
    });
    const ranger = screen
      .getAllByRole('article')
      .find((c) => c.getAttribute('data-model') === 'ranger')!;
    expect(
      within(ranger)
        .getByRole('link', { name: /Explore/ })
        .getAttribute('href'),
    ).toBe('/search/ford/ranger');
  });

  it('uses its own body when set', () => {
    const { data } = prepareDemoSite();
    const vans = filterModels(data.models, { body: 'vans' });
    renderBlock<ModelCardsProps>('model-cards', ModelCards, {
      props: { body: 'vans', bodyFromAddress: false },
      route: '/models?body=suv',
    });
    expect(screen.getAllByRole('article')).toHaveLength(vans.length);
  });

  it('cuts short descriptions at 200 characters', () => {
    expect(truncate(LONG_DESCRIPTION, SHORT_DESCRIPTION_LIMIT).length).toBeLessThanOrEqual(200);
    expect(truncate(LONG_DESCRIPTION, SHORT_DESCRIPTION_LIMIT).endsWith('…')).toBe(true);
  });
});

describe('model page block', () => {
  it('shows the model of /:modelSlug with stock and enquiry links', async () => {
    await loadAndRender('model-detail', ModelDetail, {
      params: { modelSlug: 'ranger' },
      route: '/ranger',
    });
    screen.getByRole('heading', { level: 1, name: 'Ford Ranger' });
    screen.getByText('New');
    expect(screen.getByRole('link', { name: 'View Ranger stock' }).getAttribute('href')).toBe(
      '/search/ford/ranger',
    );
  });

  it('shows a not-found message for an unknown model', async () => {
    await loadAndRender('model-detail', ModelDetail, { params: { modelSlug: 'model-t' } });
    screen.getByRole('heading', { level: 1, name: 'Model not found' });
  });
});

/**
 * Model range rules (/models?body=, model status; docs/content-blocks.md, "Models"): the kinds of
 * model a visitor can pick, which models belong to each, status labels and prices.
 * Pure functions, no React.
 */
import type { Model } from '../../schemas/types.gen.ts';

export const MODEL_BODIES = [
  { key: 'suv', label: 'SUVs' },
  { key: 'trucks', label: 'Utes & Trucks' },
  { key: 'vans', label: 'Vans' },
  { key: 'performance', label: 'Performance' },
  { key: 'electric', label: 'Electric' },
  { key: 'future vehicles', label: 'Future vehicles' },
] as const;

export type ModelBody = (typeof MODEL_BODIES)[number]['key'];

/** A ?body= value as a known kind ("SUV", "future-vehicles" and "future+vehicles" included), or undefined. */
export function parseModelBody(value: string | null | undefined): ModelBody | undefined {
  const v = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ');
  if (!v) return undefined;
  const aliases: Record<string, ModelBody> = {
    suv: 'suv',
    suvs: 'suv',
    truck: 'trucks',
    trucks: 'trucks',
    ute: 'trucks',
    utes: 'trucks',
    van: 'vans',
    vans: 'vans',
    performance: 'performance',
    electric: 'electric',
    ev: 'electric',
    future: 'future vehicles',
    'future vehicles': 'future vehicles',
    'coming soon': 'future vehicles',
  };
  return aliases[v];
}

const categories = (m: Model) =>
  [m.manufacturer_body, m.manufacturer_body2, m.manufacturer_body3].map((c) =>
    (c ?? '').toLowerCase(),
  );
const bodies = (m: Model) => (m.body ?? []).map((b) => b.toLowerCase());
const fuels = (m: Model) => (m.fuel ?? []).map((f) => f.toLowerCase());

/**
 * Whether a model is of a kind. The dealer's menu categories (manufacturer_body, 2 and 3)
 * decide first; the catalogue's body and fuel lists fill in:
 *  - suv: an SUV category or body suv;
 *  - trucks: a ute/truck category or body ute, cabChassis, lightTruck;
 *  - vans: a van category or body van, bus;
 *  - performance: a performance category or body coupe, convertible;
 *  - electric: an electric category or fuel Electric / Plug-in Hybrid;
 *  - future vehicles: status coming_soon or a "future" category.
 */
export function modelMatchesBody(model: Model, body: ModelBody): boolean {
  const cats = categories(model);
  const has = (re: RegExp) => cats.some((c) => re.test(c));
  switch (body) {
    case 'suv':
      return has(/\bsuvs?\b/) || bodies(model).includes('suv');
    case 'trucks':
      return (
        has(/\b(utes?|trucks?)\b/) ||
        bodies(model).some((b) => ['ute', 'cabchassis', 'lighttruck'].includes(b))
      );
    case 'vans':
      return has(/\bvans?\b/) || bodies(model).some((b) => ['van', 'bus'].includes(b));
    case 'performance':
      return has(/performance/) || bodies(model).some((b) => ['coupe', 'convertible'].includes(b));
    case 'electric':
      return (
        has(/electri/) || fuels(model).some((f) => f === 'electric' || f.startsWith('plug-in'))
      );
    case 'future vehicles':
      return model.status === 'coming_soon' || has(/future|coming/);
  }
}

export function filterModels(
  models: readonly Model[],
  options: { body?: ModelBody; manufacturer?: string } = {},
): Model[] {
  const make = options.manufacturer?.trim().toLowerCase();
  return models.filter(
    (m) =>
      (!make || m.manufacturer_name.toLowerCase() === make) &&
      (!options.body || modelMatchesBody(m, options.body)),
  );
}

/** "New" for new models, "Coming Soon" for coming_soon ones (shown with an icon). */
export function modelStatusLabel(model: Pick<Model, 'status'>): 'New' | 'Coming Soon' | undefined {
  if (model.status === 'new') return 'New';
  if (model.status === 'coming_soon') return 'Coming Soon';
  return undefined;
}

/** Prices show as a number only when above 10 (docs/content-blocks.md, "Models"). */
export function hasPrice(price: number | null | undefined): price is number {
  return typeof price === 'number' && Number.isFinite(price) && price > 10;
}

/** The model's picture, when it is one the page may load (/assets/… or https). */
export function modelImage(model: Model): string | undefined {
  const src = model.image?.url || model.image?.thumb;
  return src && /^(?:\/(?!\/)|https:\/\/)/.test(src) ? src : undefined;
}

export function findModel(models: readonly Model[], slug: string | undefined): Model | undefined {
  if (!slug) return undefined;
  const s = slug.toLowerCase();
  return models.find((m) => m.slug === s) ?? models.find((m) => m.new_slug === s);
}

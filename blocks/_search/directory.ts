/**
 * The model directory search (spec 000 §3: manufacturer.name, model.name, model.body,
 * query, offset; page size 21), over the site's model range (the catalogue models of the
 * makes its dealerships sell). Pure, so the server and the browser answer alike.
 */
import type { Model } from '../../schemas/types.gen.ts';
import { bodyTypeLabel, recogniseBodyType } from './budget.ts';

export const DIRECTORY_PAGE_SIZE = 21;

export interface ModelQuery {
  query?: string;
  /** manufacturer.name */
  manufacturer?: string;
  /** model.body (a body key, e.g. suv) */
  body?: string;
  offset?: number;
}

export interface ModelResults {
  hits: Model[];
  count: number;
  offset: number;
  facets: { manufacturer: Record<string, number>; body: Record<string, number> };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function modelBodyLabel(key: string): string {
  const known = recogniseBodyType(key);
  return known ? bodyTypeLabel(known) : key;
}

function words(model: Model): string[] {
  const text = [model.manufacturer_name, model.name, ...(model.body ?? []).map(modelBodyLabel), ...(model.fuel ?? []), model.manufacturer_body ?? '']
    .join(' ')
    .replace(/[-/&]/g, ' ');
  return fold(text).split(/\s+/).filter(Boolean);
}

/** Every query word must start a word of the model (so "cx" finds CX-5, "ran" finds Ranger). */
export function matchesQuery(model: Model, query: string | undefined): boolean {
  const terms = fold(query ?? '')
    .replace(/[-/&]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (!terms.length) return true;
  const own = words(model);
  const joined = fold(`${model.manufacturer_name} ${model.name}`).replace(/[^a-z0-9]/g, '');
  return terms.every((t) => own.some((w) => w.startsWith(t)) || joined.includes(t.replace(/[^a-z0-9]/g, '')));
}

export function normaliseModelQuery(params: URLSearchParams | Record<string, string | undefined>): ModelQuery {
  const get = (k: string) => (params instanceof URLSearchParams ? params.get(k) ?? undefined : params[k]);
  const offset = Number(get('offset'));
  return {
    query: get('query')?.trim() || undefined,
    manufacturer: get('manufacturer') || undefined,
    body: get('body') || undefined,
    offset: Number.isInteger(offset) && offset > 0 ? offset : undefined,
  };
}

export function searchModels(models: readonly Model[], q: ModelQuery, limit = DIRECTORY_PAGE_SIZE): ModelResults {
  const byText = models.filter((m) => matchesQuery(m, q.query));
  const byMake = (m: Model) => !q.manufacturer || m.manufacturer_name === q.manufacturer;
  const byBody = (m: Model) => !q.body || (m.body ?? []).includes(q.body);
  const manufacturer: Record<string, number> = {};
  const body: Record<string, number> = {};
  // Each facet counts the other filters only, so a chosen value's siblings stay visible.
  for (const m of byText) {
    if (byBody(m)) manufacturer[m.manufacturer_name] = (manufacturer[m.manufacturer_name] ?? 0) + 1;
    if (byMake(m)) for (const b of new Set(m.body ?? [])) body[b] = (body[b] ?? 0) + 1;
  }
  const all = byText.filter((m) => byMake(m) && byBody(m));
  const offset = Math.min(Math.max(0, q.offset ?? 0), Math.max(0, all.length - 1));
  return { hits: all.slice(offset, offset + limit), count: all.length, offset: all.length ? offset : 0, facets: { manufacturer, body } };
}

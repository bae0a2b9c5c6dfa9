/**
 * No code lists car fields by hand where the car schema could give them (docs/cars.md, "Car
 * fields described once"): no label written beside a car field a table reads, no map of car
 * fields to their titles, and no list of four or more facets outside the places below, each
 * a choice of its own rather than a fact about the fields.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CAR_FILTER_TITLES,
  CAR_INTERNAL_FACETS,
  CAR_LIST_FACETS,
  CAR_RANGE_FACETS,
  CAR_TITLES,
} from '../../../schemas/car-attributes.gen.ts';

const root = join(import.meta.dirname, '../../..');
const FOLDERS = ['engine', 'blocks', 'scripts', 'demo', 'editor'];
/** Test code and its helpers may name fields at will. */
const NOT_SOURCE = /\.test\.|\.gen\.|\/test-|\/fixtures\//;

/** Lists of facets that are choices, not descriptions of the fields. */
const CHOICES: Record<string, string> = {
  'blocks/_cars/fields.ts': 'the fields a car card reads (what its code uses, asked of the index)',
  'blocks/car-detail/similar.ts':
    'the fields a similar car’s compact card reads (a few of the above)',
  'blocks/quick-search/load.ts': 'the filters the quick-search block offers',
  'blocks/search-page/SearchLayout.tsx': 'the filters a link may carry without a section',
  'demo/pages/search-pages.ts': 'the demo sites’ own filter sections (document content)',
  'engine/inventory/derive.ts': 'the fields the index’s _tags are made from',
  'engine/inventory/import/validate.ts': 'the columns every stock feed must have',
  'engine/search/directory-indexes.ts': 'the dealership directory’s index, not the cars’',
  'engine/server/feeds.ts': 'the fields of the published stock feed format',
  'scripts/bench/': 'benchmark workloads (the searches a load test sends)',
};

const facets = new Set<string>([...CAR_LIST_FACETS, ...CAR_RANGE_FACETS, ...CAR_INTERNAL_FACETS]);
const labelOf = (field: string): string[] =>
  [
    (CAR_TITLES as Record<string, string>)[field],
    (CAR_FILTER_TITLES as Record<string, string>)[field],
  ].filter(Boolean);

/** What a source text lists by hand: facet lists, field → title maps and labelled rows. */
function handLists(src: string): string[] {
  const found: string[] = [];
  for (const m of src.matchAll(/[[(]([^[\]()]*)[\])]/g)) {
    const names = [...m[1].matchAll(/'([a-z_]+)'/g)].map((x) => x[1]).filter((n) => facets.has(n));
    if (names.length >= 4) found.push(`a list of facets: ${names.join(', ')}`);
  }
  const titled = [...src.matchAll(/\b([a-z_]+):\s*'([A-Z][^']*)'/g)].filter((m) =>
    labelOf(m[1]).includes(m[2]),
  );
  if (titled.length >= 2)
    found.push(`car fields mapped to their titles: ${titled.map((m) => m[1]).join(', ')}`);
  for (const m of src.matchAll(/label:\s*'([^']+)',\s*value:[^\n]*?\b(?:car|c|v)\.(\w+)/g))
    if (m[2] in CAR_TITLES) found.push(`a row labelled "${m[1]}" beside the field ${m[2]}`);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('car fields are listed in the car schema only', () => {
  it('finds the hand-written lists this rule is about', () => {
    expect(handLists("new Set(['simple_body', 'simple_fuel', 'doors', 'seats'])")).toHaveLength(1);
    expect(handLists("{ doors: 'Doors', seats: 'Seats' }")).toHaveLength(1);
    expect(handLists("{ label: 'Doors', value: car.doors || null },")).toHaveLength(1);
    expect(handLists("['relevance', 'price_asc'] { heading: 'Doors' }")).toEqual([]);
  });

  it('no source file outside the schema lists car fields by hand', () => {
    const offenders: string[] = [];
    for (const file of FOLDERS.flatMap((d) => sources(join(root, d)))) {
      const rel = relative(root, file).split('\\').join('/');
      if (NOT_SOURCE.test(`/${rel}`)) continue;
      if (Object.keys(CHOICES).some((c) => rel === c || (c.endsWith('/') && rel.startsWith(c))))
        continue;
      for (const what of handLists(readFileSync(file, 'utf8'))) offenders.push(`${rel}: ${what}`);
    }
    expect(offenders).toEqual([]);
  });
});

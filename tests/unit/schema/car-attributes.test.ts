/**
 * Car fields are described once, in the car schema (docs/cars.md, "Car fields described
 * once"): every list of search, the car page, compare and JSON-LD is worked out from it, so
 * a new searchable field is one edit there (plus npm run gen:types).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import carSchema from '../../../schemas/car.schema.json';
import searchPageSchema from '../../../schemas/blocks/search-page.schema.json';
import featuresSchema from '../../../schemas/features.schema.json';
import * as generated from '../../../schemas/car-attributes.gen.ts';
import { carAttributeFacts } from '../../../engine/schema/car-attributes.ts';
import { createAjv } from '../../../engine/schema/validator.ts';
import { carAttributesModule, carTablesModule } from '../../../scripts/gen-types/car-attributes.ts';
import { CAR_FACETS, CAR_INDEX_SETTINGS, CAR_REPLICAS } from '../../../engine/search/car-index.ts';
import { algoliaSettings } from '../../../engine/search/write-settings.ts';
import { RANGE_ATTRIBUTES, URL_LIST_ATTRIBUTES } from '../../../blocks/_search/constants.ts';
import { attributeLabel } from '../../../blocks/_search/labels.ts';
import { fieldRows } from '../../../blocks/_cars/field-values.ts';
import { schemaOrgProperties } from '../../../blocks/_cars/seo.ts';
import { car } from '../../../blocks/_cars/test-cars.ts';

type Json = Record<string, any>;
const facts = carAttributeFacts(carSchema);
const f = { number: (n: number) => n.toLocaleString('en-AU'), preOwned: false };

/** The car schema with one more field, as a developer would add it. */
function withField(name: string, prop: Json): Json {
  const schema = structuredClone(carSchema) as Json;
  schema.properties[name] = prop;
  return schema;
}

describe('a new car field is one edit in the car schema', () => {
  const towing = {
    title: 'Towing capacity',
    type: ['integer', 'null'],
    minimum: 0,
    'x-facet': 'range',
    'x-unit': 'kg',
    'x-sort': { towing_desc: 'desc' },
    'x-show': ['summary', 'compare'],
    'x-schemaOrg': 'trailerWeight',
  };
  const added = carAttributeFacts(withField('towing_capacity', towing));

  it('reaches the facets, the filter headings, the sorts, the tables and JSON-LD', () => {
    expect(added.rangeFacets).toContain('towing_capacity');
    expect(added.valueFacets).toContain('towing_capacity');
    expect(added.filterTitles.towing_capacity).toBe('Towing capacity');
    expect(added.sorts.towing_desc).toEqual({ attribute: 'towing_capacity', order: 'desc' });
    expect(added.tables.compare.map((r) => r.path)).toContain('towing_capacity');
    const heavy = { ...car(), towing_capacity: 3500 };
    expect(fieldRows(heavy, added.tables.compare, f)).toContainEqual({
      label: 'Towing capacity',
      value: '3,500 kg',
    });
    expect(schemaOrgProperties(heavy, added.schemaOrg)).toMatchObject({ trailerWeight: 3500 });
    // Nothing else moved.
    expect(added.listFacets).toEqual(facts.listFacets);
    expect(added.tables.key).toEqual(facts.tables.key);
  });

  it('the generated module is the schema’s facts (npm run gen:types writes it)', () => {
    const file = join(import.meta.dirname, '../../../schemas/car-attributes.gen.ts');
    expect(readFileSync(file, 'utf8')).toBe(carAttributesModule());
    const tables = join(import.meta.dirname, '../../../schemas/car-tables.gen.ts');
    expect(readFileSync(tables, 'utf8')).toBe(carTablesModule());
    expect(carAttributesModule(withField('towing_capacity', towing))).toContain(
      '"towing_capacity": "Towing capacity"',
    );
  });

  it('a field without a title, or a fallback to no field, is refused', () => {
    expect(() => carAttributeFacts(withField('wheelbase', { type: 'integer' }))).toThrow(
      'wheelbase has no title',
    );
    expect(() =>
      carAttributeFacts(withField('wheels', { title: 'Wheels', 'x-fallback': 'rims' })),
    ).toThrow('falls back to rims');
  });

  it('ajv knows the annotations and refuses one it cannot read', () => {
    const ajv = createAjv();
    expect(ajv.getSchema(carSchema.$id)).toBeTypeOf('function');
    const bad = {
      ...withField('wheels', { ...towing, 'x-facet': 'slider' }),
      $id: 'https://forecourt.dev/schemas/car-bad.schema.json',
    };
    expect(() => ajv.compile(bad)).toThrow(/x-facet/);
  });
});

describe('every list is derived from the car schema', () => {
  it('every car field has a title', () => {
    for (const [name, prop] of Object.entries<Json>(carSchema.properties))
      expect(prop.title, name).toBeTruthy();
    expect(Object.keys(generated.CAR_TITLES)).toContain('variant.power');
  });

  it('the index counts, searches and sorts what the schema says', () => {
    const declared = [...facts.listFacets, ...facts.rangeFacets, ...facts.internalFacets];
    expect(new Set(CAR_INDEX_SETTINGS.attributesForFaceting)).toEqual(new Set(declared));
    expect(new Set(CAR_FACETS)).toEqual(new Set(declared));
    expect(CAR_INDEX_SETTINGS.searchableAttributes).toEqual(facts.searchable);
    expect(CAR_INDEX_SETTINGS.exactOnlyAttributes).toEqual(facts.exactOnly);
    expect(Object.keys(CAR_REPLICAS).sort()).toEqual(Object.keys(facts.sorts).sort());
    for (const [key, sort] of Object.entries(facts.sorts))
      expect(CAR_INDEX_SETTINGS.replicas![`Car_production_${key}`].at(-1)).toEqual(sort);
    // Numbers and booleans are counted but not searched for values on Algolia.
    const sent = algoliaSettings(CAR_INDEX_SETTINGS, []).attributesForFaceting!;
    for (const a of facts.valueFacets) expect(sent).toContain(a);
    expect(sent).toContain('searchable(make)');
  });

  it('every facet the search offers has a schema field with a title, and is its heading', () => {
    expect(new Set(URL_LIST_ATTRIBUTES)).toEqual(new Set(facts.listFacets));
    expect(new Set(RANGE_ATTRIBUTES)).toEqual(new Set(facts.rangeFacets));
    for (const a of [...facts.listFacets, ...facts.rangeFacets]) {
      expect(facts.titles[a], a).toBeTruthy();
      expect(attributeLabel(a)).toBe(facts.filterTitles[a]);
    }
  });

  it('the site document’s filter, sort and card choices are schema fields', () => {
    const filter = searchPageSchema.properties.filters.items.properties.attribute.enum;
    for (const a of filter) expect([...facts.listFacets, ...facts.rangeFacets], a).toContain(a);
    const sorts = searchPageSchema.properties.sortOptions.items.enum as string[];
    for (const s of sorts.filter((s) => s !== 'relevance'))
      expect(facts.sorts, s).toHaveProperty(s);
    for (const a of featuresSchema.properties.cardAttributes.items.enum)
      expect(facts.titles[a], a).toBeTruthy();
  });

  it('the JSON-LD mapping covers every field that declares a schema.org property', () => {
    const ld = schemaOrgProperties(car());
    for (const field of facts.schemaOrg)
      for (const p of field.properties) expect(ld, `${field.path} → ${p}`).toHaveProperty(p);
  });
});

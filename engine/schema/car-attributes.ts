/**
 * The facts about car fields that search, the car page, compare and JSON-LD read, worked
 * out from the car schema's annotations (engine/schema/car-keywords.ts). `npm run gen:types`
 * writes them to schemas/car-attributes.gen.ts and car-tables.gen.ts, so the browser gets the few lists it uses
 * without the schema (docs/cars.md, "Car fields described once").
 */
import type { CarField, CarSchemaOrgField, CarTable } from '../../schemas/car-tables.gen.ts';

export type {
  CarField,
  CarFormat,
  CarSchemaOrgField,
  CarTable,
} from '../../schemas/car-tables.gen.ts';

export interface CarAttributeFacts {
  /** Every field's label, by path. */
  titles: Record<string, string>;
  /** Every facet's filter heading (x-filterTitle, else its title). */
  filterTitles: Record<string, string>;
  /** A visitor's list filters, ranges (sliders) and facets counted only for site filters. */
  listFacets: string[];
  rangeFacets: string[];
  internalFacets: string[];
  /** Facets holding numbers or booleans: filtered and counted, never searched for values. */
  valueFacets: string[];
  /** Text searched, in ranking order; of them, those matched exactly (no typos). */
  searchable: string[];
  exactOnly: string[];
  /** Sort choices: the key names the replica (`Car_production_{key}`). */
  sorts: Record<string, { attribute: string; order: 'asc' | 'desc' }>;
  /** Rows of each table, in the schema's order. */
  tables: Record<CarTable, CarField[]>;
  schemaOrg: CarSchemaOrgField[];
}

type Json = Record<string, any>;

/**
 * The local `$defs` entry a field refers to when its own fields are described there too (any
 * of them annotated, as the variant's are); maps keyed by name (finance_lenders) are not.
 */
function describedDef(schema: Json, prop: Json): Json | undefined {
  const m = /^#\/\$defs\/(.+)$/.exec(prop.$ref ?? '');
  const def: Json | undefined = m ? schema.$defs?.[m[1]] : undefined;
  const annotated = Object.values<Json>(def?.properties ?? {}).some((p) =>
    Object.keys(p).some((k) => k.startsWith('x-')),
  );
  return annotated ? def : undefined;
}

const types = (prop: Json): string[] =>
  Array.isArray(prop.type) ? prop.type : prop.type ? [prop.type] : [];

/** The facts of a car schema; throws on a field an annotation needs a title for, or a fallback to nowhere. */
export function carAttributeFacts(schema: Json): CarAttributeFacts {
  const facts: CarAttributeFacts = {
    titles: {},
    filterTitles: {},
    listFacets: [],
    rangeFacets: [],
    internalFacets: [],
    valueFacets: [],
    searchable: [],
    exactOnly: [],
    sorts: {},
    tables: { key: [], summary: [], specs: [], caravan: [], compare: [] },
    schemaOrg: [],
  };
  const walk = (properties: Json, prefix: string) => {
    for (const [name, prop] of Object.entries<Json>(properties)) {
      const path = prefix + name;
      if (typeof prop.title !== 'string' || !prop.title)
        throw new Error(`car schema: ${path} has no title`);
      facts.titles[path] = prop.title;
      const facet = prop['x-facet'];
      if (facet) {
        facts[`${facet as 'list' | 'range' | 'internal'}Facets`].push(path);
        facts.filterTitles[path] = prop['x-filterTitle'] ?? prop.title;
        // A range is a number by definition (price's type is behind its $ref).
        if (
          facet === 'range' ||
          types(prop).some((t) => t === 'number' || t === 'integer' || t === 'boolean')
        )
          facts.valueFacets.push(path);
      }
      if (prop['x-search']) facts.searchable.push(path);
      if (prop['x-search'] === 'exact') facts.exactOnly.push(path);
      for (const [key, order] of Object.entries<'asc' | 'desc'>(prop['x-sort'] ?? {})) {
        if (facts.sorts[key]) throw new Error(`car schema: sort ${key} is named twice`);
        facts.sorts[key] = { attribute: path, order };
      }
      const fallback = prop['x-fallback'];
      if (fallback && !properties[fallback])
        throw new Error(
          `car schema: ${path} falls back to ${fallback}, which is no field beside it`,
        );
      const field: CarField = { path, title: prop.title };
      if (prop['x-unit']) field.unit = prop['x-unit'];
      if (prop['x-format']) field.format = prop['x-format'];
      if (fallback) field.fallback = prefix + fallback;
      for (const table of (prop['x-show'] ?? []) as CarTable[]) facts.tables[table].push(field);
      const so = prop['x-schemaOrg'];
      if (so) {
        const entry: CarSchemaOrgField = { path, properties: Array.isArray(so) ? so : [so] };
        if (field.format) entry.format = field.format;
        if (field.fallback) entry.fallback = field.fallback;
        facts.schemaOrg.push(entry);
      }
      const def = prefix ? undefined : describedDef(schema, prop);
      if (def) walk(def.properties, `${path}.`);
    }
  };
  walk(schema.properties ?? {}, '');
  return facts;
}

/**
 * One searchable record set and everything precomputed for it: attribute columns (on first
 * use), the text index (on the first text query), and one document order per sort (primary
 * index and each replica). Replicas share the record set and differ only by their order.
 */
import { AttributeIndex } from './attribute-index.ts';
import { andInto, emptyBits, fullBits, notBits, orInto, type Bits } from './bitset.ts';
import type { FilterNode } from './filter-ast.ts';
import { now, type Budget } from './limits.ts';
import { TextIndex } from './text-index.ts';

export interface SortSpec {
  attribute: string;
  order: 'asc' | 'desc';
}

export interface IndexSettings {
  /** Searchable attributes, in priority order. */
  searchableAttributes: string[];
  /** Searchable attributes matched by prefix only, without typos (identifiers). */
  exactOnlyAttributes?: string[];
  /** Facets a request may ask for ("*" means all of these). */
  attributesForFaceting: string[];
  /** Built when the index is created (others on first use). */
  eagerAttributes?: string[];
  /** Default order, after text relevance. */
  customRanking: SortSpec[];
  /** Replica index name → its sort (before text relevance and custom ranking, like a standard replica). */
  replicas?: Record<string, SortSpec[]>;
  /** Highlighted when a request does not say (default: the searchable attributes). */
  attributesToHighlight?: string[];
  /** Hits beyond this position are never returned (Algolia's paginationLimitedTo). */
  paginationLimitedTo?: number;
  /**
   * Attributes worked out from each record when first used (filters, facets, sorts), as an
   * indexer would add them to the records it sends Algolia (e.g. `has_price` for the price
   * replicas; car-index.ts).
   */
  computedAttributes?: Record<
    string,
    (record: Record<string, unknown>) => string | number | boolean | null
  >;
}

export class SearchIndex {
  readonly size: number;
  private readonly attributes = new Map<string, AttributeIndex>();
  private text: TextIndex | undefined;
  private readonly orders = new Map<string, Uint32Array>();
  private readonly byObjectID = new Map<string, number>();
  private paths: Set<string> | undefined;
  private declaredNames: Set<string> | undefined;
  private missing: AttributeIndex | undefined;

  constructor(
    readonly name: string,
    readonly records: readonly Record<string, unknown>[],
    readonly settings: IndexSettings,
  ) {
    this.size = records.length;
    // The objectIDs and all eager attributes in one pass over the records (attribute-columns.ts):
    // each eager attribute is declared, so none is missing.
    const eager = [...new Set(settings.eagerAttributes ?? [])];
    const built = AttributeIndex.many(
      records,
      eager.map((name) => ({ name, compute: settings.computedAttributes?.[name] })),
      (r, i) => this.byObjectID.set(String((r as Record<string, unknown>).objectID ?? i), i),
    );
    built.forEach((a) => this.attributes.set(a.name, a));
  }

  /**
   * The columns of an attribute, built on first use. A name no record has shares one empty
   * index: requests can name any attribute, and building (and keeping) columns for each name
   * asked would let one request of a thousand made-up names take seconds and memory for good.
   */
  attribute(name: string, budget?: Budget): AttributeIndex {
    let a = this.attributes.get(name);
    if (!a) {
      const started = now();
      const compute = this.settings.computedAttributes?.[name];
      if (!compute && !this.declared().has(name) && !this.attributePaths().has(name))
        a = this.missing ??= new AttributeIndex('', []);
      else {
        a = new AttributeIndex(name, this.records, compute);
        this.attributes.set(name, a);
      }
      budget?.excuse(now() - started);
    }
    return a;
  }

  /** Attributes built so far (bounded by the attribute paths the records have). */
  attributeCount(): number {
    return this.attributes.size;
  }

  /** Attributes the settings name (facets, sorts, searchable, eager): built without asking whether records have them. */
  private declared(): Set<string> {
    if (this.declaredNames) return this.declaredNames;
    const {
      attributesForFaceting,
      eagerAttributes = [],
      searchableAttributes,
      customRanking,
      replicas = {},
    } = this.settings;
    const sorts = [...customRanking, ...Object.values(replicas).flat()].map((s) => s.attribute);
    this.declaredNames = new Set([
      ...attributesForFaceting,
      ...eagerAttributes,
      ...searchableAttributes,
      ...sorts,
    ]);
    return this.declaredNames;
  }

  /** Records were changed in place (SearchEngine.recordsChanged): these columns are built again on next use. */
  forget(names: readonly string[]) {
    for (const name of names) this.attributes.delete(name);
    this.paths = undefined;
  }

  /** Every attribute path of the records (walked once, on the first attribute the settings do not name): top-level keys and nested ones with dots (location.city). */
  attributePaths(): Set<string> {
    if (this.paths) return this.paths;
    const paths = new Set<string>();
    const walk = (value: Record<string, unknown>, prefix: string, depth: number) => {
      for (const key of Object.keys(value)) {
        const path = prefix + key;
        paths.add(path);
        const child = value[key];
        if (depth < 8 && child !== null && typeof child === 'object' && !Array.isArray(child))
          walk(child as Record<string, unknown>, `${path}.`, depth + 1);
      }
    };
    for (const record of this.records) walk(record, '', 0);
    this.paths = paths;
    return paths;
  }

  textIndex(budget?: Budget): TextIndex {
    if (!this.text) {
      const started = now();
      this.text = new TextIndex(this.records, {
        attributes: this.settings.searchableAttributes,
        exactOnly: this.settings.exactOnlyAttributes,
      });
      budget?.excuse(now() - started);
    }
    return this.text;
  }

  /** Whether the text index is built yet (it is built on the first text query, or by SearchEngine.warm). */
  hasTextIndex(): boolean {
    return this.text !== undefined;
  }

  docByObjectID(objectID: string): number | undefined {
    return this.byObjectID.get(objectID);
  }

  /**
   * Documents in the given sort, then custom ranking, then record order. A stable counting
   * sort per attribute, last key first (each attribute's distinct numbers ranked once), so an
   * order costs time linear in the stock rather than a comparison sort's n log n. A replica's
   * sort starts from the custom ranking's order (stable sorts: the same as sorting by all its
   * keys), so the custom ranking is sorted once for all of them.
   */
  order(sort: SortSpec[] = []): Uint32Array {
    const key = JSON.stringify(sort);
    const cached = this.orders.get(key);
    if (cached) return cached;
    const specs = sort.length ? sort : this.settings.customRanking;
    let order: Uint32Array;
    if (sort.length) order = this.order([]).slice();
    else {
      order = new Uint32Array(this.size);
      for (let i = 0; i < this.size; i++) order[i] = i;
    }
    let next: Uint32Array = new Uint32Array(this.size);
    for (let s = specs.length - 1; s >= 0; s--) {
      const { ranks, levels } = this.attribute(specs[s].attribute).numberRanks();
      const desc = specs[s].order === 'desc';
      // Bucket of a document: its rank in the sort's direction; records without the attribute last whatever the direction.
      const bucket = (doc: number) =>
        ranks[doc] < 0 ? levels : desc ? levels - 1 - ranks[doc] : ranks[doc];
      const start = new Uint32Array(levels + 2);
      for (let i = 0; i < this.size; i++) start[bucket(i) + 1]++;
      for (let b = 1; b < start.length; b++) start[b] += start[b - 1];
      for (let i = 0; i < this.size; i++) {
        const doc = order[i];
        next[start[bucket(doc)]++] = doc;
      }
      [order, next] = [next, order];
    }
    this.orders.set(key, order);
    return order;
  }

  /** Position of each document in order(sort): lower ranks first. */
  rankOf(sort: SortSpec[] = []): Uint32Array {
    const key = `rank:${JSON.stringify(sort)}`;
    let rank = this.orders.get(key);
    if (!rank) {
      const order = this.order(sort);
      rank = new Uint32Array(this.size);
      for (let i = 0; i < order.length; i++) rank[order[i]] = i;
      this.orders.set(key, rank);
    }
    return rank;
  }

  /** The documents a filter tree selects. The result may be shared: callers copy before changing it. */
  evaluate(node: FilterNode, budget?: Budget): Bits {
    switch (node.kind) {
      case 'and': {
        const parts = node.children.map((c) => this.evaluate(c, budget));
        const out = parts[0].slice();
        for (let i = 1; i < parts.length; i++) andInto(out, parts[i]);
        return out;
      }
      case 'or': {
        const out = emptyBits(this.size);
        for (const c of node.children) orInto(out, this.evaluate(c, budget));
        return out;
      }
      case 'not':
        return notBits(this.evaluate(node.child, budget), this.size);
    }
    budget?.check();
    return this.leaf(node, budget);
  }

  private leaf(
    node: Exclude<FilterNode, { kind: 'and' | 'or' | 'not' }>,
    budget: Budget | undefined,
  ): Bits {
    switch (node.kind) {
      case 'facet':
        return (
          this.attribute(node.attribute, budget).bitsFor(node.value, this.size) ??
          emptyBits(this.size)
        );
      case 'range':
        return this.attribute(node.attribute, budget).numericRange(node.lo, node.hi, this.size);
      case 'numeric': {
        const a = this.attribute(node.attribute, budget);
        const v = node.value;
        switch (node.op) {
          case '<':
            return a.numericRange(-Infinity, v, this.size, false, true);
          case '<=':
            return a.numericRange(-Infinity, v, this.size);
          case '>':
            return a.numericRange(v, Infinity, this.size, true, false);
          case '>=':
            return a.numericRange(v, Infinity, this.size);
          case '=':
            return a.numericRange(v, v, this.size);
          case '!=':
            return orInto(
              a.numericRange(-Infinity, v, this.size, false, true),
              a.numericRange(v, Infinity, this.size, true, false),
            );
        }
      }
    }
  }

  all(): Bits {
    return fullBits(this.size);
  }
}

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeFirstDifference,
  firstDifference,
  formatSiteDocument,
  isCanonical,
} from '../../../engine/document/canonical.ts';

const SITES = join(import.meta.dirname, '../../../sites');
const files = [
  ...readdirSync(SITES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(SITES, f)),
  ...readdirSync(join(SITES, 'templates'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(SITES, 'templates', f)),
];
const texts = files.map((f) => readFileSync(f, 'utf8'));

/** A deep copy with every object's keys in an order chosen by `pick`. */
function shuffleKeys(value: unknown, pick: (n: number) => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, pick));
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const out: Record<string, unknown> = {};
  // defineProperty, so a "__proto__" key stays a key (as JSON.parse makes it).
  for (const k of keys)
    Object.defineProperty(out, k, {
      value: shuffleKeys((value as Record<string, unknown>)[k], pick),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** fast-check picks the permutation: a list of random integers drives each swap. */
const seeds = fc.array(fc.nat(), { minLength: 1, maxLength: 64 });
const picker = (seq: number[]) => {
  let i = 0;
  return (n: number) => seq[i++ % seq.length] % n;
};

describe('canonical form', () => {
  it('every demo site and template is stored in canonical form (round trip is byte-identical)', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const [i, text] of texts.entries()) {
      const again = formatSiteDocument(JSON.parse(text));
      expect(firstDifference(text, again), files[i]).toBeNull();
      expect(isCanonical(text)).toBe(true);
    }
  });

  it('is order-independent: documents with shuffled keys format to the same bytes (property)', () => {
    const docs = texts.map((t) => JSON.parse(t));
    fc.assert(
      fc.property(fc.nat({ max: docs.length - 1 }), seeds, (which, seq) => {
        const shuffled = shuffleKeys(docs[which], picker(seq));
        expect(formatSiteDocument(shuffled)).toBe(texts[which]);
      }),
      { numRuns: 60 },
    );
  });

  it('is idempotent and content-preserving for arbitrary JSON in any place (property)', () => {
    const anyDoc = fc.record(
      {
        slug: fc.string(),
        features: fc.dictionary(fc.string(), fc.jsonValue()),
        search: fc.jsonValue(),
        extra: fc.jsonValue(),
        pages: fc.array(
          fc.record({
            id: fc.string(),
            blocks: fc.array(
              fc.record({
                type: fc.constantFrom('hero', 'section', 'columns', 'nope'),
                id: fc.string(),
                props: fc.dictionary(fc.string(), fc.jsonValue()),
              }),
              { maxLength: 3 },
            ),
            title: fc.string(),
          }),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(anyDoc, seeds, (doc, seq) => {
        const once = formatSiteDocument(doc);
        expect(formatSiteDocument(JSON.parse(once))).toBe(once);
        expect(formatSiteDocument(shuffleKeys(doc, picker(seq)))).toBe(once);
        expect(JSON.parse(once)).toEqual(JSON.parse(JSON.stringify(doc)));
        expect(once.endsWith('}\n')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('orders keys by the schema: identity, settings, pages; unknown keys after, sorted', () => {
    const text = formatSiteDocument({
      pages: [],
      zeta: 1,
      features: { compare: true, electricHybridLabel: false },
      alpha: 2,
      name: 'N',
      slug: 's',
      schemaVersion: 2,
      $schema: 'x',
      region: 'AU',
    });
    const keys = [...text.matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
    expect(keys).toEqual([
      '$schema',
      'schemaVersion',
      'slug',
      'name',
      'region',
      'features',
      'pages',
      'alpha',
      'zeta',
    ]);
    // Features follow features.schema.json, not insertion order.
    expect(text.indexOf('"electricHybridLabel"')).toBeLessThan(text.indexOf('"compare"'));
  });

  it('writes blocks as type, id, props, children, slots, with props in the block schema order', () => {
    const block = {
      slots: { main: [] },
      children: [
        {
          props: { tone: 'dark', heading: 'H', actions: [{ href: '/x', label: 'X' }] },
          id: 'inner',
          type: 'hero',
        },
      ],
      props: { heading: 'Why' },
      id: 'outer',
      type: 'section',
    };
    const text = formatSiteDocument({
      pages: [{ blocks: [block], title: 'T', path: '/', id: 'home' }],
    });
    expect(text).toBe(`{
  "pages": [
    {
      "id": "home",
      "path": "/",
      "title": "T",
      "blocks": [
        {
          "type": "section",
          "id": "outer",
          "props": {
            "heading": "Why"
          },
          "children": [
            {
              "type": "hero",
              "id": "inner",
              "props": {
                "heading": "H",
                "actions": [
                  {
                    "label": "X",
                    "href": "/x"
                  }
                ],
                "tone": "dark"
              }
            }
          ],
          "slots": {
            "main": []
          }
        }
      ]
    }
  ]
}
`);
  });

  it('never adds defaults and keeps values as written (templates are partial documents)', () => {
    const template = { features: { reserveButtons: true }, theme: { radius: 4 } };
    expect(formatSiteDocument(template)).toBe(
      '{\n  "theme": {\n    "radius": 4\n  },\n  "features": {\n    "reserveButtons": true\n  }\n}\n',
    );
    expect(formatSiteDocument({})).toBe('{}\n');
    // null is meaningful in a template override (it removes the template's value).
    expect(formatSiteDocument({ theme: { logo: null } })).toContain('"logo": null');
  });

  it('writes withoutPages after the settings, right before pages', () => {
    const doc = {
      pages: [],
      withoutPages: ['finance', 'about'],
      features: { compare: true },
      template: 'ford',
      slug: 's',
    };
    expect(formatSiteDocument(doc)).toBe(
      '{\n  "slug": "s",\n  "template": "ford",\n  "features": {\n    "compare": true\n  },\n  "withoutPages": [\n    "finance",\n    "about"\n  ],\n  "pages": []\n}\n',
    );
  });

  it('sorts map keys the schema does not name, integer-like ones included', () => {
    const text = formatSiteDocument({
      features: {
        tagColours: { sale: '#111', '10': '#222', '2': '#333', 'runout sale': '#1a7f37' },
      },
    });
    const keys = [...text.matchAll(/^ {6}"([^"]+)":/gm)].map((m) => m[1]);
    expect(keys).toEqual(['10', '2', 'runout sale', 'sale']);
  });

  it('reports the first differing line with both lines', () => {
    expect(firstDifference('a\nb\nc\n', 'a\nb\nc\n')).toBeNull();
    expect(firstDifference('a\nb\nc\n', 'a\nB\nc\n')).toEqual({ line: 2, a: 'b', b: 'B' });
    expect(firstDifference('a\n', 'a\nb\n')).toEqual({ line: 2, a: '', b: 'b' });
    expect(firstDifference('a', 'a\n')).toEqual({ line: 2, a: undefined, b: '' });
    expect(describeFirstDifference('{\n    "x": 1\n}\n', '{\n  "x": 1\n}\n')).toBe(
      'line 2: found "\\"x\\": 1", canonical form has "\\"x\\": 1"',
    );
  });
});

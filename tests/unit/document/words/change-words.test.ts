/**
 * The editor's review in staff words (change-words.ts): 50 random edits (seeded) to demo
 * site documents (blocks edited, added, removed, moved; list items; pages; switches;
 * locations; settings; host names) each read with page, block and field named as the editor
 * shows them, never as a JSON path; the risky changes come first.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffSiteDocuments } from '../../engine/document/diff.ts';
import { RISK_ORDER } from '../../engine/document/risk.ts';
import { fromPointer, walkBlocks } from '../../engine/tree.ts';
import { staffChangeLines } from './change-words.ts';
import { resolveDraft, type Doc } from './doc.ts';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Doc;

/** What a JSON path looks like in a sentence: `/pages/…`, `[0]`, `.props.`, `props/heading`, `/0/`. */
const JSON_PATH =
  /\/pages\/|\[\d+\]|\.props\.|\bprops\/|\/props\b|\/\d+(\/|\b)|blockChanges|\$schema/;

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: T[]): T => list[int(list.length)];
  return { int, pick };
}

const WORDS = ['Drive', 'away', 'today', 'service', 'special', 'new', 'Ranger', 'offer', 'team'];

function at(doc: Doc, pointer: string): any {
  return fromPointer(pointer).reduce<any>((v, k) => v?.[k], doc);
}

type Rng = ReturnType<typeof random>;

/** One random edit of the document, in place; its name (for a failure's message). */
function edit(doc: Doc, r: Rng): string {
  const words = () => Array.from({ length: 2 + r.int(4) }, () => r.pick(WORDS)).join(' ');
  const blocks = [...walkBlocks(doc)];
  const loc = r.pick(blocks);
  const list = at(
    doc,
    fromPointer(loc.path)
      .slice(0, -1)
      .reduce((p, k) => `${p}/${k}`, ''),
  );
  const kinds = [
    'prop',
    'prop',
    'remove',
    'duplicate',
    'move',
    'item',
    'page-title',
    'page-add',
    'feature',
    'location',
    'name',
    'host',
  ];
  const kind = r.pick(kinds);
  switch (kind) {
    case 'prop': {
      const props = (loc.block.props ??= {});
      const keys = Object.keys(props).filter((k) => typeof props[k] === 'string');
      props[keys.length ? r.pick(keys) : 'heading'] = words();
      break;
    }
    case 'remove':
      if (blocks.length > 3) list.splice(loc.index, 1);
      break;
    case 'duplicate':
      list.splice(r.int(list.length + 1), 0, {
        ...structuredClone(loc.block),
        id: `${loc.block.id}-copy-${r.int(1000)}`,
        children: undefined,
        slots: undefined,
      });
      break;
    case 'move':
      if (list.length > 1) list.splice(r.int(list.length), 0, ...list.splice(loc.index, 1));
      break;
    case 'item': {
      const props = loc.block.props ?? {};
      const arrays = Object.keys(props).filter(
        (k) => Array.isArray(props[k]) && props[k].length && typeof props[k][0] === 'object',
      );
      if (!arrays.length) return edit(doc, r);
      const items = props[r.pick(arrays)];
      if (r.int(2)) items.splice(r.int(items.length), 1);
      else items.push({ ...structuredClone(items[0]), label: words(), title: words() });
      break;
    }
    case 'page-title':
      r.pick(doc.pages as Doc[]).title = words();
      break;
    case 'page-add':
      (doc.pages as Doc[]).push({
        id: `page-${r.int(100000)}`,
        path: `/p-${r.int(100000)}`,
        title: words(),
        blocks: [{ type: 'hero', id: `hero-${r.int(100000)}`, props: { heading: words() } }],
      });
      break;
    case 'feature': {
      doc.features ??= {};
      const key = r.pick(['compare', 'watchlist', 'hideInstantOfferText', 'favourites']);
      doc.features[key] = !doc.features[key];
      break;
    }
    case 'location': {
      const locations = doc.locations as Doc[] | undefined;
      if (!locations?.length) return edit(doc, r);
      const l = r.pick(locations);
      if (r.int(2)) l.name = words();
      else l.phone = `07 5${r.int(1000)} ${1000 + r.int(9000)}`;
      break;
    }
    case 'name':
      doc.name = words();
      break;
    case 'host':
      doc.hostnames = [...(doc.hostnames ?? []), `www.${r.pick(WORDS).toLowerCase()}-cars.example`];
      break;
  }
  return `${kind} at ${loc.path}`;
}

const SITES = [
  read('sites/kiwi-car-yard.json'),
  resolveDraft(read('sites/gold-coast-ford.json'), { ford: read('sites/templates/ford.json') }),
];

describe('review text in staff words', () => {
  it('50 random edits of demo sites read without a JSON path', () => {
    let changed = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const r = random(seed);
      const before = structuredClone(SITES[seed % SITES.length]);
      const after = structuredClone(before);
      const done = [edit(after, r), edit(after, r)];
      const changes = diffSiteDocuments(before, after);
      const lines = staffChangeLines(changes, { before, after });
      expect(lines.length, `seed ${seed}: ${done.join(', ')}`).toBe(changes.length);
      for (const l of lines)
        expect(l.text, `seed ${seed}: ${done.join(', ')}`).not.toMatch(JSON_PATH);
      changed += changes.length;
    }
    expect(changed).toBeGreaterThan(50);
  }, 60_000); // 50 diffs of whole sites: seconds, more on a loaded machine

  it('names page, block and field as the editor shows them', () => {
    const before = structuredClone(SITES[0]);
    const after = structuredClone(before);
    const hero = [...walkBlocks(after)].find((l) => l.block.id === 'home-hero')!;
    (hero.block.props as Doc).heading = 'Kiwi owned, Kiwi loved';
    const [line] = staffChangeLines(diffSiteDocuments(before, after), { before, after });
    expect(line.text).toMatch(
      /^Page [^›]+ \(\/\) › Hero home-hero › Heading: “Quality used cars, Kiwi owned” → “Kiwi owned, Kiwi loved”$/,
    );
  });

  it('lists the risky changes first: switches, host names, outside links', () => {
    const before = structuredClone(SITES[0]);
    const after = structuredClone(before);
    const hero = [...walkBlocks(after)].find((l) => l.block.id === 'home-hero')!;
    (hero.block.props as Doc).heading = 'A new heading';
    after.features = { ...after.features, compare: !after.features?.compare };
    after.hostnames = [...after.hostnames, 'www.elsewhere.example'];
    const lines = staffChangeLines(diffSiteDocuments(before, after), { before, after });
    expect(lines.map((l) => l.risk)).toEqual(['host', 'feature', undefined]);
    expect(RISK_ORDER.indexOf('host')).toBeLessThan(RISK_ORDER.indexOf('feature'));
    expect(lines[2].text).toMatch(/Heading/);
  });
});

/**
 * Random edits of demo site documents, seeded so a failure can be replayed: what the staff
 * words tests (change-words.test.ts, tests/unit/server/draft-words.test.ts) make and read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDocument } from '../../../../engine/site/migrations.ts';
import { resolveTemplate } from '../../../../engine/site/templates.ts';
import { fromPointer, walkBlocks } from '../../../../engine/tree.ts';

export type Doc = Record<string, any>;

const root = join(import.meta.dirname, '../../../..');
export const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Doc;

/** A document as the site shows it: its template (from sites/templates/) merged in. */
export function shown(doc: Doc): Doc {
  const load = (name: string) => migrateDocument(read(`sites/templates/${name}.json`)).doc;
  return resolveTemplate(doc, load).doc;
}

/**
 * What a JSON path looks like in a sentence: `/pages/…`, `[0]`, `.props.`, `props/heading`,
 * `/0/`, two keys joined by a slash (`colours/primary`), a snake_case key (`contact_detail`),
 * `$schema`. Quoted values (“…”: what staff typed, which may hold an address such as
 * “/finance”), and a page's address in brackets (`(/used-cars/ford)`), are left out first:
 * `hasJsonPath` reads only the words the editor wrote.
 */
export const JSON_PATH =
  /\/pages\/|\[\d+\]|\.props\.|\bprops\/|\/props\b|\/\d+(\/|\b)|\b[a-z]\w*\/[a-z]\w*|\b[a-z]+_[a-z_]+\b|blockChanges|\$schema/;

/** Whether a line of staff words names a place by a JSON path (see JSON_PATH). */
export const hasJsonPath = (line: string): boolean =>
  JSON_PATH.test(line.replace(/“[^”]*”/g, '“…”').replace(/\(\/[^()\s]*\)/g, '(/…)'));

/** mulberry32: a small seeded generator, so a failure can be replayed. */
export function random(seed: number) {
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

/** Props that hold text a block shows, which any words may replace. */
const TEXT_KEYS = ['heading', 'subheading', 'title', 'label', 'text', 'intro', 'body', 'html'];
const WORDS = ['Drive', 'away', 'today', 'service', 'special', 'new', 'Ranger', 'offer', 'team'];

function at(doc: Doc, pointer: string): any {
  return fromPointer(pointer).reduce<any>((v, k) => v?.[k], doc);
}

export type Rng = ReturnType<typeof random>;

/** One random edit of the document, in place; its name (for a failure's message). */
export function edit(doc: Doc, r: Rng): string {
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
      // Text a block shows (not a link, a choice or an id, which random words would make invalid).
      const props = loc.block.props ?? {};
      const keys = Object.keys(props).filter(
        (k) => TEXT_KEYS.includes(k) && typeof props[k] === 'string',
      );
      if (!keys.length) return edit(doc, r);
      props[r.pick(keys)] = words();
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
      else {
        const copy = structuredClone(items[0]);
        const named = TEXT_KEYS.find((k) => typeof copy[k] === 'string');
        if (named) copy[named] = words();
        items.push(copy);
      }
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
      const hours = l.contact_detail?.opening_hours as Doc[] | undefined;
      if (r.int(2) || !hours?.length) l.name = words();
      else r.pick(hours).close = `${16 + r.int(3)}:${r.pick(['00', '30'])}`;
      break;
    }
    case 'name':
      doc.name = words();
      break;
    case 'host':
      // A host name belongs to one site: a number makes it this edit's own.
      doc.hostnames = [
        ...(doc.hostnames ?? []),
        `www.${r.pick(WORDS).toLowerCase()}-${r.int(100000)}-cars.example`,
      ];
      break;
  }
  return `${kind} at ${loc.path}`;
}

/**
 * Documents and helpers for the editor store's unit tests: a site on a small template (a
 * home page with a hero, a section holding rich text, and columns with a named slot; an
 * empty contact page; a header and a footer).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSitePreparer } from '../../../engine/site/prepare.ts';
import type { Doc } from '../doc.ts';
import { EditorStore } from './index.ts';

const root = join(import.meta.dirname, '../../..');

/** A JSON file of the repository (sites/…). */
export const read = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')) as Doc;

/** The server's check (engine/server/editor-api.ts) runs this preparer. */
export function createDraftValidator(templates: () => Record<string, Doc>) {
  // Like the editor API's check: each schema problem keeps its keyword, for the staff words.
  const prepare = createSitePreparer({
    loadTemplate: (name) => templates()[name],
    ruleDetail: true,
  });
  return (doc: Doc) => {
    const r = prepare(doc);
    return r.ok ? [] : r.issues;
  };
}

export function template(): Doc {
  return {
    schemaVersion: 2,
    features: { reserveButtons: true },
    theme: { colours: { primary: '#00095b' }, radius: 4 },
    layout: {
      header: [{ type: 'header', id: 'site-header' }],
      footer: [{ type: 'footer', id: 'site-footer' }],
    },
    pages: [
      {
        id: 'home',
        path: '/',
        title: '{site}',
        blocks: [
          { type: 'hero', id: 'home-hero', props: { heading: 'Welcome' } },
          {
            type: 'section',
            id: 'why-us',
            children: [{ type: 'rich-text', id: 'why-text', props: { html: '<p>Because</p>' } }],
          },
          {
            type: 'columns',
            id: 'cols',
            slots: { main: [{ type: 'rich-text', id: 'left-text', props: { html: '<p>L</p>' } }] },
          },
        ],
      },
      { id: 'contact', path: '/contact', title: 'Contact', blocks: [] },
    ],
  };
}

export function site(): Doc {
  return { schemaVersion: 2, slug: 'test-site', name: 'Test Site', template: 'base', region: 'AU' };
}

export function makeStore(doc = site()) {
  return new EditorStore({ slug: 'test-site', doc, templates: { base: template() } });
}

export const ids = (list: Array<{ id: string }> | undefined) => (list ?? []).map((b) => b.id);

/** Ids of a page's top-level blocks in the resolved document. */
export const rootIds = (store: EditorStore, page = 0) =>
  ids(store.getState().resolved.pages[page].blocks);

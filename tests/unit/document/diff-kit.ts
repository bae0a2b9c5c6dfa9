/**
 * Shared by the semantic diff tests (diff*.test.ts): a small document with a layout, three
 * pages and nesting, and the changes a copy of it edited makes.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import { diffSiteDocuments, type SiteChange } from '../../../engine/document/diff.ts';

export const hero = (id: string, heading = id) => ({ type: 'hero', id, props: { heading } });

/** A small document with a layout, three pages and nesting (children and slots). */
export function base(): Record<string, any> {
  return {
    schemaVersion: 2,
    slug: 'test-site',
    name: 'Test Motors',
    region: 'AU',
    features: { compare: true },
    search: { pageSize: 21 },
    layout: {
      header: [{ type: 'header', id: 'site-header' }],
      footer: [{ type: 'footer', id: 'site-footer' }],
    },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          hero('home-hero', 'Welcome'),
          { type: 'rich-text', id: 'intro', props: { html: '<p>Hi</p>' } },
          {
            type: 'section',
            id: 'why-us',
            props: { heading: 'Why us' },
            children: [hero('why-a'), hero('why-b')],
          },
          {
            type: 'columns',
            id: 'cols',
            slots: { main: [hero('col-main')], aside: [hero('col-aside')] },
          },
        ],
      },
      { id: 'finance', path: '/finance', title: 'Finance', blocks: [hero('finance-hero')] },
      {
        id: 'about',
        path: '/about',
        title: 'About',
        blocks: [hero('about-hero'), hero('about-more')],
      },
    ],
  };
}

export function diffAfter(
  edit: (d: Record<string, any>) => void,
  options?: Parameters<typeof diffSiteDocuments>[2],
) {
  const before = base();
  const after = cloneDeep(before);
  edit(after);
  return diffSiteDocuments(before, after, options);
}

export const kinds = (changes: SiteChange[]) => changes.map((c) => c.kind);

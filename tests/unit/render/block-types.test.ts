/** A page's block types are found once per set of block lists, and again when a list is replaced. */
import { describe, expect, it } from 'vitest';
import { knownBlockTypes, pageBlockTypes } from '../../../engine/render/registry.ts';
import type { Block, Page, ResolvedSite } from '../../../engine/site/types.ts';

const block = (type: string, id: string, children?: Block[]) =>
  ({ type, id, props: {}, ...(children ? { children } : {}) }) as unknown as Block;

describe('pageBlockTypes', () => {
  const header = [block('header', 'h')];
  const site = { layout: { header, footer: [block('footer', 'f')] } } as unknown as ResolvedSite;

  it('walks a page once, however often it is asked', () => {
    let reads = 0;
    const counted = block('hero', 'x');
    Object.defineProperty(counted, 'type', { get: () => (reads++, 'hero'), enumerable: true });
    const page = {
      id: 'p',
      path: '/',
      title: 't',
      blocks: [block('section', 's', [counted])],
    } as Page;
    expect(pageBlockTypes(site, page)).toEqual(['footer', 'header', 'hero', 'section']);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    pageBlockTypes(site, page).push('changed by a caller');
    expect(pageBlockTypes(site, page)).toEqual(['footer', 'header', 'hero', 'section']);
    expect(reads).toBe(afterFirst);
  });

  it('finds the types again when the page’s blocks or the layout are new lists, or the page hides the layout', () => {
    const page = { id: 'p', path: '/', title: 't', blocks: [block('hero', 'a')] } as Page;
    expect(pageBlockTypes(site, page)).toEqual(['footer', 'header', 'hero']);
    page.blocks = [...page.blocks, block('gallery', 'g')];
    expect(pageBlockTypes(site, page)).toEqual(['footer', 'gallery', 'header', 'hero']);
    const otherLayout = {
      ...site,
      layout: { header: [block('banner', 'b')], footer: [] },
    } as unknown as ResolvedSite;
    expect(pageBlockTypes(otherLayout, page)).toEqual(['banner', 'gallery', 'hero']);
    expect(pageBlockTypes(site, { ...page, layout: false })).toEqual(['gallery', 'hero']);
  });

  it('takes the types the server sent for a page instead of walking it, until its lists change', () => {
    let reads = 0;
    const counted = block('hero', 'x');
    Object.defineProperty(counted, 'type', { get: () => (reads++, 'hero'), enumerable: true });
    const page = { id: 'p', path: '/', title: 't', blocks: [counted] } as Page;
    knownBlockTypes(site, page, ['footer', 'header', 'hero']);
    expect(pageBlockTypes(site, page)).toEqual(['footer', 'header', 'hero']);
    expect(reads).toBe(0);
    page.blocks = [counted, block('gallery', 'g')];
    expect(pageBlockTypes(site, page)).toEqual(['footer', 'gallery', 'header', 'hero']);
    expect(reads).toBeGreaterThan(0);
  });
});

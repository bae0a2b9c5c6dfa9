import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headOf, mergeHeads, mergeMeta, withCanonical } from '../../../engine/render/head.ts';
import { pageDocument } from '../../../engine/server/html.ts';
import type { RenderedPage } from '../../../engine/render/server.tsx';
import { barePage } from './bare-page.ts';

describe('page head from block data', () => {
  it('reads only a head object', () => {
    expect(headOf(undefined)).toBeUndefined();
    expect(headOf({ head: 'x' })).toBeUndefined();
    expect(headOf({ head: { title: 'T' } })).toEqual({ title: 'T' });
  });

  it('merges in page order: first title, description and status win; meta and JSON-LD add up', () => {
    const merged = mergeHeads({
      a: { error: 'x' },
      b: {
        head: {
          title: 'Car',
          meta: [{ property: 'og:type', content: 'product' }],
          jsonLd: [{ '@type': 'Car' }],
          status: 404,
        },
      },
      c: {
        head: {
          title: 'Other',
          description: 'D',
          meta: [{ content: 'no key' }],
          jsonLd: [{ '@type': 'AutoDealer' }],
          status: 200,
        },
      },
    });
    expect(merged).toEqual({
      title: 'Car',
      description: 'D',
      status: 404,
      meta: [{ property: 'og:type', content: 'product' }],
      jsonLd: [{ '@type': 'Car' }, { '@type': 'AutoDealer' }],
    });
    expect(mergeHeads(undefined)).toEqual({});
  });

  it('meta with the same key replaces a default; others are appended', () => {
    const out = mergeMeta(
      [
        { property: 'og:type', content: 'website' },
        { name: 'description', content: 'a' },
      ],
      [
        { property: 'og:type', content: 'product' },
        { property: 'og:image', content: '1' },
        { property: 'og:image', content: '2' },
      ],
    );
    expect(out).toEqual([
      { property: 'og:type', content: 'product' },
      { name: 'description', content: 'a' },
      { property: 'og:image', content: '1' },
      { property: 'og:image', content: '2' },
    ]);
  });

  it('JSON-LD objects get the canonical url when they have none', () => {
    expect(
      withCanonical([{ '@type': 'Car' }, { '@type': 'X', url: 'u' }], 'https://d.test/cars/a'),
    ).toEqual([
      { '@type': 'Car', url: 'https://d.test/cars/a' },
      { '@type': 'X', url: 'u' },
    ]);
  });

  it('the HTML document carries the title, Open Graph tags and escaped JSON-LD', () => {
    const page = barePage({
      title: '2022 Ford Ranger XLT | Dealer',
      description: 'A "great" ute',
      head: {
        meta: [{ property: 'og:type', content: 'product' }],
        jsonLd: [{ '@type': 'Car', name: '</script><b>' }],
      },
    });
    const html = pageDocument(
      page,
      { css: [], preload: [], entry: '/e.js' },
      'https://d.test/cars/x',
    );
    expect(html).toContain('<title>2022 Ford Ranger XLT | Dealer</title>');
    expect(html).toContain('<meta name="description" content="A &quot;great&quot; ute">');
    expect(html).toContain('<meta property="og:description" content="A &quot;great&quot; ute">');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).not.toContain('content="website"');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1];
    expect(ld).not.toContain('</script>');
    expect(JSON.parse(ld)).toEqual({
      '@type': 'Car',
      name: '</script><b>',
      url: 'https://d.test/cars/x',
    });
  });
  const bare = (head: RenderedPage['head']) => barePage({ head });

  it("puts the page's main image first in <head>, before stylesheets and scripts, with its srcset", () => {
    const page = bare({
      preloadImage: {
        href: '/assets/cars/1/1.svg?w=800',
        srcset: '/assets/cars/1/1.svg?w=480 480w, /assets/cars/1/1.svg?w=800 800w',
        sizes: '100vw',
      },
    });
    const html = pageDocument(
      page,
      { css: ['/build/a.css'], preload: ['/build/a.js'], entry: '/e.js' },
      'https://d.test/',
    );
    const link =
      '<link rel="preload" as="image" href="/assets/cars/1/1.svg?w=800" imagesrcset="/assets/cars/1/1.svg?w=480 480w, /assets/cars/1/1.svg?w=800 800w" imagesizes="100vw" fetchpriority="high">';
    expect(html).toContain(link);
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('/build/a.css'));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('modulepreload'));
  });

  it("without a start script (development), links the page's modules after its content, so its first photos are asked for first", () => {
    const page = bare({ preloadImage: { href: '/assets/cars/1/1.svg?w=800' } });
    const html = pageDocument(
      { ...page, html: '<img src="/assets/cars/2/1.svg?w=320" fetchpriority="high">' },
      { css: [], preload: ['/build/a.js', '/build/b.js'], entry: '/build/e.js' },
      'https://d.test/',
    );
    const at = (text: string) => html.indexOf(text);
    expect(html.slice(0, at('</head>'))).not.toContain('modulepreload');
    expect(at('/assets/cars/2/1.svg')).toBeLessThan(
      at('<link rel="modulepreload" href="/build/a.js">'),
    );
    expect(at('<link rel="modulepreload" href="/build/b.js">')).toBeLessThan(
      at('<script type="module" src="/build/e.js">'),
    );
  });

  it("names the page's modules to its start script, after its content, and links none itself", () => {
    const page = bare({ preloadImage: { href: '/assets/cars/1/1.svg?w=800' } });
    const html = pageDocument(
      { ...page, html: '<img src="/assets/cars/2/1.svg?w=320" fetchpriority="high">' },
      {
        css: [],
        preload: ['/build/a.js', '/build/b.js'],
        entry: '/build/e.js',
        start: '/build/start.js',
      },
      'https://d.test/',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<script type="module" src="/build/e.js"');
    const script =
      '<script type="module" src="/build/start.js" data-fc-entry="/build/e.js" data-fc-modules="/build/a.js /build/b.js"></script>';
    expect(html).toContain(script);
    expect(html.indexOf('/assets/cars/2/1.svg')).toBeLessThan(html.indexOf(script));
  });

  it("announces the main image once: React's own preload of it is dropped, its others kept", () => {
    const photo = (n: number) => ({
      srcSet: `/assets/cars/1/${n}.jpg?w=480 480w,/assets/cars/1/${n}.jpg?w=800 800w`,
      sizes: '100vw',
    });
    // React preloads the images it renders (its first ten) with links of its own before the HTML.
    const body = renderToString(
      createElement(
        'main',
        null,
        createElement('img', { ...photo(1), alt: '', fetchPriority: 'high' }),
        createElement('img', { ...photo(2), alt: '' }),
      ),
    );
    expect(body.match(/<link rel="preload"/g)).toHaveLength(2);
    const main = photo(1);
    const html = pageDocument(
      {
        ...bare({ preloadImage: { href: '/x', srcset: main.srcSet, sizes: main.sizes } }),
        html: body,
      },
      { css: [], preload: [], entry: '/e.js' },
      'https://d.test/',
    );
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    expect(preloads[0]).toContain(`imagesrcset="${main.srcSet}"`);
    expect(preloads[0]).toContain('fetchpriority="high"');
    expect(preloads[1]).toContain(photo(2).srcSet);
    expect(html.indexOf(preloads[0]!)).toBeLessThan(html.indexOf('<title>'));
  });

  it('preloads no image whose address is not a safe link', () => {
    const html = pageDocument(
      bare({ preloadImage: { href: 'javascript:alert(1)' } }),
      { css: [], preload: [], entry: '/e.js' },
      'https://d.test/',
    );
    expect(html).not.toContain('rel="preload"');
  });

  it('the first block asking for a main image wins', () => {
    expect(
      mergeHeads({
        a: { head: { preloadImage: { href: '/a.svg' } } },
        b: { head: { preloadImage: { href: '/b.svg' } } },
      }).preloadImage,
    ).toEqual({ href: '/a.svg' });
  });

  it('inline stylesheets: each <style> followed by a never-fetched link to the same file, a closing tag inside escaped', () => {
    const html = pageDocument(
      bare(undefined),
      {
        css: ['/build/a.css'],
        inlineCss: [{ href: '/build/a.css', text: '.a{content:"</style>"}' }],
        preload: [],
        entry: '/e.js',
      },
      'https://d.test/',
    );
    expect(html).toContain(
      '<style data-href="/build/a.css">.a{content:"<\\/style>"}</style><link rel="stylesheet" type="text/x-forecourt-inlined" href="/build/a.css" disabled>',
    );
    expect(html).not.toMatch(/<link rel="stylesheet" href="\/build\/a.css">/);
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { resolveTemplate } from '../../../engine/site/templates.ts';

type Json = Record<string, any>;

const template = (): Json => ({
  pages: [
    {
      id: 'home',
      path: '/',
      title: 'Home | {site}',
      description: 'Template description',
      blocks: [
        {
          type: 'hero',
          id: 'hero',
          props: {
            heading: 'Welcome',
            image: { src: '/a.jpg', alt: 'A' },
            actions: [{ label: 'Go', href: '/go' }],
          },
        },
        {
          type: 'section',
          id: 'why',
          children: [{ type: 'rich-text', id: 'why-text', props: { html: '<p>Why</p>' } }],
        },
        { type: 'rich-text', id: 'outro', props: { html: '<p>Bye</p>' } },
      ],
    },
    { id: 'about', path: '/about', title: 'About', blocks: [] },
  ],
});

const resolve = (site: Json, tpl: Json = template()) => {
  const r = resolveTemplate({ template: 'base', ...site }, (n) => (n === 'base' ? tpl : undefined));
  return { ...r, doc: r.doc as Json };
};
const home = (doc: Json) => doc.pages.find((p: Json) => p.id === 'home');

describe('block changes of a template page', () => {
  it('merges prop changes over the template blocks by id, anywhere in the tree, keeping everything else', () => {
    const tpl = template();
    const { doc, issues } = resolve(
      {
        pages: [
          {
            id: 'home',
            title: 'Our home',
            blockChanges: {
              hero: {
                props: {
                  heading: 'Hello',
                  image: { alt: 'B' },
                  actions: [{ label: 'Stock', href: '/cars' }],
                },
              },
              'why-text': { props: { html: '<p>Because</p>' } },
            },
          },
        ],
      },
      tpl,
    );
    expect(issues).toEqual([]);
    const page = home(doc);
    expect(page.title).toBe('Our home');
    expect(page.description).toBe('Template description');
    expect(page.path).toBe('/');
    expect(page).not.toHaveProperty('blockChanges');
    // Objects merge key by key, arrays are replaced whole.
    expect(page.blocks[0].props).toEqual({
      heading: 'Hello',
      image: { src: '/a.jpg', alt: 'B' },
      actions: [{ label: 'Stock', href: '/cars' }],
    });
    expect(page.blocks[1].children[0].props.html).toBe('<p>Because</p>');
    expect(page.blocks.map((b: Json) => b.id)).toEqual(['hero', 'why', 'outro']);
    // The page keeps its place among the template's pages.
    expect(doc.pages.map((p: Json) => p.id)).toEqual(['home', 'about']);
    // The template's own objects are not changed (every site shares them).
    expect(tpl.pages[0].blocks[0].props.heading).toBe('Welcome');
    expect(tpl.pages[0].blocks[1].children[0].props.html).toBe('<p>Why</p>');
  });

  it('null removes a prop or leaves a whole block out', () => {
    const { doc, issues } = resolve({
      pages: [
        {
          id: 'home',
          description: null,
          blockChanges: { hero: { props: { image: null } }, why: null },
        },
      ],
    });
    expect(issues).toEqual([]);
    const page = home(doc);
    expect(page).not.toHaveProperty('description');
    expect(page.blocks[0].props).not.toHaveProperty('image');
    expect(page.blocks.map((b: Json) => b.id)).toEqual(['hero', 'outro']);
  });

  it('a page with blocks of its own still replaces the template page whole', () => {
    const { doc } = resolve({
      pages: [
        { id: 'home', path: '/', title: 'Mine', blocks: [{ type: 'rich-text', id: 'mine' }] },
      ],
    });
    expect(home(doc).blocks.map((b: Json) => b.id)).toEqual(['mine']);
  });

  it('reports changes that cannot apply at their JSON paths, and applies the rest', () => {
    const { doc, issues } = resolve({
      pages: [
        { id: 'contact', path: '/contact', title: 'Contact', blocks: [] },
        { id: 'about', blockChanges: { 'hero-1': { props: { heading: 'x' } } } },
        {
          id: 'home',
          blockChanges: {
            hero: { props: { heading: 'Hi' }, type: 'rich-text' },
            outro: 'gone',
            'why-text': { props: 'x' },
          },
        },
        { id: 'new', path: '/new', title: 'New', blockChanges: { hero: null } },
        { id: 'own', path: '/own', title: 'Own', blocks: [], blockChanges: {} },
      ],
    });
    expect(issues).toEqual([
      {
        path: '/pages/1/blockChanges/hero-1',
        message: 'no block "hero-1" on template page "about"',
      },
      {
        path: '/pages/2/blockChanges/hero/type',
        message:
          "only a template block's props can be changed here; to change its type, give the page its own blocks",
      },
      {
        path: '/pages/2/blockChanges/outro',
        message:
          'must be a change of the block ({ "props": { … } }) or null to leave the block out',
      },
      {
        path: '/pages/2/blockChanges/why-text/props',
        message: 'must be an object of the props to change',
      },
      {
        path: '/pages/3/blockChanges',
        message:
          'no template page has id "new", so there are no template blocks to change; give the page its own blocks',
      },
      {
        path: '/pages/4/blockChanges',
        message:
          'page "own" has blocks of its own, so it cannot also list changes to the template\'s blocks; change its blocks instead',
      },
    ]);
    expect(home(doc).blocks[0].props.heading).toBe('Hi');
    expect(home(doc).blocks[0].type).toBe('hero');
    // Nothing of the map reaches the resolved document.
    expect(JSON.stringify(doc)).not.toContain('blockChanges');
  });

  it('an entry that cannot apply never reaches the resolved document, even alone', () => {
    const { doc, issues } = resolve({
      pages: [{ id: 'own', path: '/own', title: 'Own', blocks: [], blockChanges: { x: null } }],
    });
    expect(issues).toHaveLength(1);
    expect(JSON.stringify(doc)).not.toContain('blockChanges');
  });

  it("unchanged blocks are the template's own objects", () => {
    const tpl = template();
    const { doc } = resolve(
      { pages: [{ id: 'home', blockChanges: { 'why-text': { props: { html: '<p>x</p>' } } } }] },
      tpl,
    );
    expect(home(doc).blocks[0]).toBe(tpl.pages[0].blocks[0]);
    expect(home(doc).blocks[2]).toBe(tpl.pages[0].blocks[2]);
    expect(home(doc).blocks[1]).not.toBe(tpl.pages[0].blocks[1]);
  });

  it('names a template and the path in it for a template that changes the page of the template below', () => {
    const templates: Record<string, Json> = {
      brand: {
        template: 'base',
        pages: [
          { id: 'home', blockChanges: { nope: null, hero: { props: { heading: 'Brand' } } } },
        ],
      },
      base: template(),
    };
    const { doc, issues } = resolveTemplate(
      {
        template: 'brand',
        pages: [{ id: 'home', blockChanges: { outro: { props: { html: '<p>Site</p>' } } } }],
      },
      (n) => templates[n],
    );
    expect(issues).toEqual([
      {
        path: '/template',
        message:
          'in template "brand": /pages/0/blockChanges/nope: no block "nope" on template page "home"',
      },
    ]);
    expect(home(doc).blocks.map((b: Json) => b.props?.heading ?? b.props?.html ?? b.id)).toEqual([
      'Brand',
      'why',
      '<p>Site</p>',
    ]);
  });
});

describe('where a problem on a changed template page is written', () => {
  it('points at the change for a changed prop or page key, and at the template for the rest', async () => {
    const { sourceOf } = await import('../../../engine/site/source.ts');
    const site = {
      template: 'base',
      pages: [
        { id: 'about', path: '/about', title: 'About', blocks: [] },
        {
          id: 'home',
          title: 'Mine',
          blockChanges: { 'why-text': { props: { html: '<p>x</p>' } } },
        },
      ],
    };
    const inputs = { doc: site, chain: ['base'], templates: { base: template() } };
    expect(sourceOf('/pages/0/title', inputs)).toEqual({ pointer: '/pages/1/title', missing: [] });
    expect(sourceOf('/pages/0/path', inputs)).toEqual({
      template: 'base',
      pointer: '/pages/0/path',
      missing: [],
    });
    expect(sourceOf('/pages/0/blocks/1/children/0/props/html', inputs)).toEqual({
      pointer: '/pages/1/blockChanges/why-text/props/html',
      missing: [],
    });
    expect(sourceOf('/pages/0/blocks/0/props/heading', inputs)).toEqual({
      template: 'base',
      pointer: '/pages/0/blocks/0/props/heading',
      missing: [],
    });
    expect(sourceOf('/pages/0/blocks/0/props/image/src', inputs)).toEqual({
      template: 'base',
      pointer: '/pages/0/blocks/0/props/image/src',
      missing: [],
    });
  });
});

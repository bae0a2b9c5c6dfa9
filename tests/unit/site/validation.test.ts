import { describe, expect, it } from 'vitest';
import { blockTypes } from '../../../schemas/index.gen.ts';
import { CURRENT_SCHEMA_VERSION } from '../../../engine/site/migrations.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { minimalDoc, prepare, readSite } from '../helpers.ts';

const page = (blocks: unknown[]) => ({ id: 'home', path: '/', title: 'Home', blocks });

function issuesOf(doc: unknown) {
  const r = prepare(doc);
  if (r.ok) throw new Error('expected the document to be rejected');
  return r.issues;
}

describe('site document validation', () => {
  it('accepts every demo site', () => {
    for (const slug of [
      'gold-coast-ford',
      'southern-motor-group',
      'kiwi-car-yard',
      'lakeside-chevrolet',
    ]) {
      const r = prepare(readSite(slug));
      expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    }
  });

  it('names the JSON path and the problem for each error, listing them all', () => {
    const issues = issuesOf(
      minimalDoc({
        region: 'UK',
        pages: [
          page([
            { type: 'hero', id: 'hero', props: { heading: '' } },
            { type: 'section', id: 'sec', props: { background: 'pink' } },
          ]),
        ],
      }),
    );
    expect(issues).toContainEqual({ path: '/region', message: 'must be one of: "AU", "NZ", "US"' });
    expect(issues).toContainEqual({
      path: '/pages/0/blocks/0/props/heading',
      message: 'must NOT have fewer than 1 characters',
    });
    expect(issues).toContainEqual({
      path: '/pages/0/blocks/1/props/background',
      message: 'must be one of: "none", "muted", "brand"',
    });
  });

  it('reports numeric limits with ajv wording at the exact path', () => {
    const issues = issuesOf(minimalDoc({ features: { makesBeforeShowAll: 0 } }));
    expect(issues).toEqual([{ path: '/features/makesBeforeShowAll', message: 'must be >= 1' }]);
  });

  it('names the known block types when a type is unknown', () => {
    const issues = issuesOf(minimalDoc({ pages: [page([{ type: 'hologram', id: 'h' }])] }));
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe('/pages/0/blocks/0/type');
    expect(issues[0].message).toContain('unknown block type "hologram"');
    for (const t of blockTypes) expect(issues[0].message).toContain(t);
  });

  it('rejects missing required fields and unknown properties', () => {
    const issues = issuesOf({
      schemaVersion: CURRENT_SCHEMA_VERSION,
      slug: 'x',
      pages: [page([])],
      colour: 'red',
    });
    expect(issues).toContainEqual({ path: '/name', message: 'is required' });
    expect(issues).toContainEqual({ path: '/colour', message: 'is not a known property here' });
  });

  it('refuses unsafe link schemes in dealer data', () => {
    const issues = issuesOf(
      minimalDoc({
        pages: [
          page([
            {
              type: 'hero',
              id: 'hero',
              props: { heading: 'Hi', actions: [{ label: 'x', href: 'javascript:alert(1)' }] },
            },
          ]),
        ],
      }),
    );
    expect(issues[0].path).toBe('/pages/0/blocks/0/props/actions/0/href');
    expect(issues[0].message).toMatch(/refused/);
  });

  it('only lets containers hold children, and only declared slots', () => {
    const issues = issuesOf(
      minimalDoc({
        pages: [
          page([
            {
              type: 'hero',
              id: 'hero',
              props: { heading: 'x' },
              children: [{ type: 'section', id: 's' }],
            },
            { type: 'columns', id: 'cols', slots: { main: [], sidebar: [] } },
            { type: 'section', id: 'sec', children: [{ type: 'hero', id: 'inner', props: {} }] },
          ]),
        ],
      }),
    );
    expect(issues).toContainEqual({
      path: '/pages/0/blocks/0/children',
      message: 'this block type cannot contain other blocks',
    });
    expect(issues).toContainEqual({
      path: '/pages/0/blocks/1/slots/sidebar',
      message: 'is not a slot of this block; slots: main, aside',
    });
    // Errors inside nested blocks carry the nested path.
    expect(issues).toContainEqual({
      path: '/pages/0/blocks/2/children/0/props/heading',
      message: 'is required',
    });
  });

  it('rejects duplicate block ids naming both places', () => {
    const issues = issuesOf(
      minimalDoc({
        layout: { header: [{ type: 'header', id: 'top' }] },
        pages: [page([{ type: 'section', id: 'top' }])],
      }),
    );
    expect(issues).toEqual([
      {
        path: '/pages/0/blocks/0/id',
        message: 'duplicate block id "top", also used at /layout/header/0/id',
      },
    ]);
  });

  it('refuses a document newer than the engine', () => {
    const issues = issuesOf(minimalDoc({ schemaVersion: CURRENT_SCHEMA_VERSION + 1 }));
    expect(issues[0].path).toBe('/schemaVersion');
    expect(issues[0].message).toContain(`reads up to version ${CURRENT_SCHEMA_VERSION}`);
  });

  it('upgrades an old document before validating it', () => {
    const r = prepare(
      minimalDoc({
        schemaVersion: 1,
        pages: [
          page([
            {
              type: 'hero',
              id: 'hero',
              props: { heading: 'Hi', buttons: [{ label: 'Go', href: '/' }] },
            },
          ]),
        ],
      }),
    );
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.site.pages[0].blocks[0].props).toMatchObject({
        actions: [{ label: 'Go', href: '/' }],
      });
  });

  it("fills a block's prop defaults even when the block has no props at all", () => {
    // The default menu links to pages this one-page document lacks: the whole-site rules say
    // so, and the document is still completed with the defaults (what the editor previews).
    const r = prepare.check(minimalDoc({ layout: { header: [{ type: 'header', id: 'top' }] } }));
    expect(
      r.issues.every(
        (i) =>
          i.path.startsWith('/layout/header/0/props/menu/') &&
          i.message.includes('is not a route of this site'),
      ),
    ).toBe(true);
    const site = r.site as unknown as ResolvedSite;
    const props = site.layout.header[0].props as { menu: { label: string }[]; sticky: boolean };
    expect(props.menu.map((m) => m.label)).toContain('Our Stock');
    expect(props.sticky).toBe(false);
  });

  it('sanitises dealer HTML while validating', () => {
    const r = prepare(
      minimalDoc({
        pages: [
          page([
            {
              type: 'rich-text',
              id: 'rt',
              props: {
                html: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:x()">x</a><a href="/">ok</a></p>',
              },
            },
          ]),
        ],
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const html = (r.site.pages[0].blocks[0].props as { html: string }).html;
    expect(html).not.toMatch(/script|onclick|javascript/);
    expect(html).toContain('<a href="/">ok</a>');
  });
});

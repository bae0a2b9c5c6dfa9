/**
 * A diff that hides nothing (docs/site-documents.md, "Semantic diff"): no secret is printed,
 * in any format, and the readable outline (git textconv) names every value.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import {
  renderJson,
  renderMarkdown,
  renderReport,
  renderText,
} from '../../../engine/document/diff-render.ts';
import { outlineDocument } from '../../../engine/document/outline.ts';
import { SECRET_TEXT } from '../../../engine/document/secrets.ts';
import { base, home } from './diff-hides-nothing-kit.ts';

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

/**
 * Many sites in one process (docs/deploy.md, "Memory and start-up"): sites made from one
 * template hold one checked, frozen copy of each page they share, and what they get is
 * what checking each site whole gives; rich text is cleaned once per distinct string.
 */
import { describe, expect, it } from 'vitest';
import { createSitePreparer } from '../../../engine/site/prepare.ts';
import { sanitizeHtml } from '../../../engine/sanitize/html.server.ts';
import { benchSiteDocument } from '../../../scripts/bench/platform/generate-sites.ts';
import { loadTemplate, prepare as wholePrepare, readSite } from '../helpers.ts';

const sharing = () => createSitePreparer({ loadTemplate, sanitizeHtml, sharePages: true });

function ok(result: ReturnType<ReturnType<typeof sharing>>) {
  if (!result.ok) throw new Error(`not valid: ${JSON.stringify(result.issues.slice(0, 3))}`);
  return result.site;
}

describe('pages shared by sites made from one template', () => {
  it('gives two sites of one template the same frozen page objects, and each its own document', () => {
    const prepare = sharing();
    const a = ok(prepare(benchSiteDocument(0)));
    const b = ok(prepare(benchSiteDocument(4))); // the same starter template, four sites later
    expect(a.template).toBe(b.template);
    expect(b.pages.length).toBeGreaterThan(10);
    b.pages.forEach((page, i) => expect(page, page.id).toBe(a.pages[i]));
    expect(Object.isFrozen(a.pages[0])).toBe(true);
    expect(Object.isFrozen(a.pages[0].blocks)).toBe(true);
    expect(a.slug).not.toBe(b.slug);
    expect(a.dealerships).not.toBe(b.dealerships);
  });

  it('prepares every demo site and generated site exactly as checking it whole does', () => {
    const prepare = sharing();
    const docs = [
      ...['gold-coast-ford', 'kiwi-car-yard', 'lakeside-chevrolet', 'southern-motor-group'].map(
        readSite,
      ),
      ...[0, 1, 2, 3, 5].map(benchSiteDocument),
    ];
    for (const doc of docs) {
      const parts = prepare(structuredClone(doc));
      const whole = wholePrepare(structuredClone(doc));
      expect(parts.ok, doc.slug).toBe(true);
      expect(JSON.parse(JSON.stringify(parts)), doc.slug).toEqual(
        JSON.parse(JSON.stringify(whole)),
      );
    }
  });

  it('reports a broken page as checking the whole site does, and keeps no copy of it', () => {
    const prepare = sharing();
    const doc = benchSiteDocument(0) as Record<string, any>;
    doc.pages = [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [{ type: 'hero', id: 'hero', props: { heading: 42 } }],
      },
    ];
    const parts = prepare(structuredClone(doc));
    const whole = wholePrepare(structuredClone(doc));
    expect(parts.ok).toBe(false);
    expect(parts).toEqual(whole);
    // A valid site after it is not handed the broken page.
    const next = ok(prepare(benchSiteDocument(4)));
    expect(
      next.pages
        .find((p) => p.id === 'home')
        ?.blocks.some((b) => (b.props as { heading?: unknown }).heading === 42),
    ).toBe(false);
  });

  it('keeps a page that a site changes apart from the template page it replaces', () => {
    const prepare = sharing();
    const plain = ok(prepare(benchSiteDocument(0)));
    const changed = benchSiteDocument(4) as Record<string, any>;
    const home = plain.pages.find((p) => p.path === '/')!;
    changed.pages = [{ id: home.id, path: '/', title: 'Our own home | {site}', blocks: [] }];
    const own = ok(prepare(changed));
    const ownHome = own.pages.find((p) => p.id === home.id)!;
    expect(ownHome.title).toBe('Our own home | {site}');
    expect(ownHome).not.toBe(home);
    expect(home.title).not.toBe('Our own home | {site}');
  });
});

describe('the server sanitiser', () => {
  it('returns text without markup unchanged and cleans markup', () => {
    expect(sanitizeHtml('Fish & chips > 3')).toBe('Fish & chips > 3');
    expect(sanitizeHtml('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
  });

  it('answers a string it has cleaned before with the same clean text', () => {
    const dirty = '<p onclick="x()">Again <a href="javascript:alert(1)">here</a></p>';
    const first = sanitizeHtml(dirty);
    expect(first).toBe('<p>Again <a>here</a></p>');
    expect(sanitizeHtml(dirty)).toBe(first);
  });
});

/**
 * The About, Privacy and Terms pages of every demo site are pages a dealer would publish
 * (demo/pages/content-dealer-pages.ts, written with `content-pages.ts --pages`): a heading of
 * their own (the hero's h1), real length, the dealer's own facts, and the law and lending
 * words of the site's region.
 */
import { describe, expect, it } from 'vitest';
import { documentWord } from '../../../engine/messages/document-words.ts';
import { DEFAULT_REGION } from '../../../engine/region.ts';
import { prepared, readSite } from '../helpers.ts';

const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const PAGES = ['about', 'privacy', 'terms'];
/** Fewer words than this is a stub, not a page (the stubs had 32 to 38). */
const MIN_WORDS = 200;

const textOf = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\\[nt]|["{}[\]:,]/g, ' ');

describe.each(SITES)('%s content pages', (slug) => {
  const site = prepared(readSite(slug));
  const region = site.region ?? DEFAULT_REGION;
  const primary = site.locations.find((l) => l.primary) ?? site.locations[0];
  const page = (id: string) => site.pages.find((p) => p.id === id)!;
  const html = (id: string) => textOf(page(id).blocks);

  it.each(PAGES)('%s opens with its own h1 heading and is a real page', (id) => {
    const blocks = (page(id).blocks ?? []) as { type: string; props?: Record<string, unknown> }[];
    expect(blocks[0].type).toBe('hero');
    expect(String(blocks[0].props?.heading ?? '')).not.toBe('');
    expect(blocks.filter((b) => b.type === 'hero')).toHaveLength(1);
    expect(
      html(id)
        .split(/\s+/)
        .filter((w) => /\w/.test(w)).length,
    ).toBeGreaterThan(MIN_WORDS);
    expect(html(id)).toContain(site.name.replace('&', '&amp;'));
  });

  it("states the dealer's address and phone on Privacy and Terms", () => {
    for (const id of ['privacy', 'terms']) {
      expect(html(id)).toContain(primary.address.street);
      if (primary.contact_detail?.phone) expect(html(id)).toContain(primary.contact_detail.phone);
    }
  });

  it("names the region's privacy and consumer law, and its lending words", () => {
    expect(html('privacy')).toContain(documentWord(region, 'law.privacy'));
    expect(html('terms')).toContain(documentWord(region, 'law.consumer'));
    if (region === 'AU') expect(html('terms')).toContain('comparison rate');
    else expect(html('terms')).not.toContain('comparison rate');
    if (region === 'US') expect(html('terms')).toContain('APR');
    if (region === 'NZ')
      expect(html('terms')).toContain('Credit Contracts and Consumer Finance Act');
  });
});

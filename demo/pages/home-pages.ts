/**
 * npx tsx demo/pages/home-pages.ts [--write] [--dir sites] [--only slug,slug]
 *
 * Makes each demo site's home page sell (docs/content-blocks.md, "Home pages"): the hero gets
 * a picture behind its words (a drawn forecourt in the dealer's colours, stored in the site's
 * asset library, demo/pages/home-hero-art.ts), and under it come a quick search and two rows
 * of featured stock (new arrivals, then a row chosen per dealer: a make, specials or a price
 * band). Everything else on the page stays as it is.
 *
 * What it changes in each sites/{slug}.json that has its own home page (never templates):
 *  - the hero `home-hero`: layout background with the site's picture (its words and buttons kept);
 *  - the blocks `home-quick-search`, `home-new-arrivals` and `home-featured` are added after the
 *    hero, or rewritten in place when they exist (this script owns them);
 *  - the picture is written to sites/assets/{slug}/home-hero-{hash}.svg (older versions removed).
 * Every result is prepared (template, validation, whole-site rules) exactly as the server
 * does before anything is written, in canonical form. Without --write it reports only.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetUrl } from '../../engine/assets/asset-rules.ts';
import { sitesDir, updateSiteFiles, writing } from './generator-run.ts';
import { HERO_HEIGHT, HERO_WIDTH, heroAsset, type HeroColours } from './home-hero-art.ts';

type Json = Record<string, any>;

/** The second featured row of each demo dealer: what that dealer would put forward. */
const SECOND_ROW: Record<string, Json> = {
  'gold-coast-ford': {
    heading: 'New Fords in stock',
    source: 'search',
    search: '/search/ford?refinementList[car_type][0]=new',
  },
  'southern-motor-group': { heading: 'Price reduced', source: 'specials' },
  'kiwi-car-yard': {
    heading: 'Under $15,000',
    source: 'search',
    search: '/search/used-cars?range[price]=:15000',
  },
  'lakeside-chevrolet': { heading: 'Chevrolet in stock', source: 'make', make: 'Chevrolet' },
};
const FALLBACK_ROW: Json = { heading: 'Price reduced', source: 'specials' };

/** The home page's blocks this script owns, in page order after the hero. */
function ownBlocks(slug: string): Json[] {
  return [
    { type: 'quick-search', id: 'home-quick-search', props: {} },
    {
      type: 'featured-stock',
      id: 'home-new-arrivals',
      props: { heading: 'New arrivals', source: 'new-arrivals' },
    },
    { type: 'featured-stock', id: 'home-featured', props: SECOND_ROW[slug] ?? FALLBACK_ROW },
  ];
}

/** The dealer's colours as the site (or its template) sets them. */
function coloursOf(site: Json): HeroColours {
  const c = site.theme?.colours ?? {};
  return { primary: c.primary ?? '#1e3a8a', accent: c.accent ?? '#d62d20' };
}

/** Writes the picture into the site's asset library (removing older drawings); its address. */
function storeHero(slug: string, colours: HeroColours): { url: string; changed: boolean } {
  const { name, bytes } = heroAsset(colours);
  const folder = join(sitesDir, 'assets', slug);
  const file = join(folder, name);
  const changed = !existsSync(file);
  if (writing) {
    mkdirSync(folder, { recursive: true });
    for (const old of existsSync(folder) ? readdirSync(folder) : [])
      if (/^home-hero-[0-9a-f]+\.svg$/.test(old) && old !== name) rmSync(join(folder, old));
    if (changed) writeFileSync(file, bytes);
  }
  return { url: assetUrl(slug, name), changed };
}

function apply(doc: Json, heroSrc: string): string[] {
  const home = (doc.pages as Json[] | undefined)?.find((p) => p.id === 'home');
  if (!home) return [];
  const changes: string[] = [];
  const blocks: Json[] = (home.blocks ??= []);
  let at = blocks.findIndex((b) => b.id === 'home-hero');
  if (at >= 0) {
    const hero = blocks[at];
    const props = {
      ...hero.props,
      layout: 'background',
      image: { src: heroSrc, alt: '', width: HERO_WIDTH, height: HERO_HEIGHT },
    };
    if (JSON.stringify(props) !== JSON.stringify(hero.props))
      changes.push('hero: picture behind the words');
    hero.props = props;
  }
  for (const block of ownBlocks(doc.slug)) {
    const existing = blocks.findIndex((b) => b.id === block.id);
    if (existing >= 0) {
      if (JSON.stringify(blocks[existing]) !== JSON.stringify(block))
        changes.push(`${block.id}: updated`);
      blocks[existing] = block;
      at = existing;
    } else {
      blocks.splice(at + 1, 0, block);
      changes.push(`${block.id}: added`);
      at++;
    }
  }
  return changes;
}

updateSiteFiles((doc, site) => {
  if (!(doc.pages as Json[] | undefined)?.some((p) => p.id === 'home'))
    return 'its home page comes from its template';
  const hero = storeHero(doc.slug, coloursOf(site));
  const changes = apply(doc, hero.url);
  if (hero.changed) changes.push(`picture ${hero.url}`);
  return changes;
});

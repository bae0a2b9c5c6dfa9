/**
 * npx tsx demo/pages/regional-wording.ts [--check] [--dir sites]
 *
 * Words the demo site documents of region US for US visitors (docs/regions.md): the text a
 * dealer writes in its document (pages, page titles, block props) is the dealer's, so the
 * blocks never reword it; a US demo site must therefore say miles, trucks, tires and license
 * plates itself. This applies the starter templates' US wording (demo/pages/starter-templates.ts)
 * to every US site document, and gives blocks that would show Australian default text (the
 * trade-in questions, the car page's protection note) their US text. Templates are left to
 * starter-templates.ts. Idempotent; --check reports what would change and exits 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSiteDocument } from '../../engine/document/canonical.ts';
import { walkBlocks } from '../../engine/tree.ts';
import { regionSettings } from '../../engine/region.ts';
import { carDetail_protectYourCar, faqAccordion_items } from '../../schemas/block-defaults.gen.ts';
import { siteFiles } from './site-files.ts';
import { US, US_TRADE_IN, reword, type Wording } from './starter-templates.ts';

type Json = Record<string, any>;

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const dirAt = args.indexOf('--dir');
const sitesDir = resolve(dirAt >= 0 ? args[dirAt + 1] : join(root, 'sites'));

/** US words for text the starter templates never had (the demo sites' own pages), besides US. */
export const US_SITE: Wording = [
  ['SUVs, utes, vans', 'SUVs, trucks, vans'],
  ['Bring your licence;', 'Bring your license;'],
  ['authorised', 'authorized'],
  ['tyre and rim cover', 'tire and wheel protection'],
  ['about availability, colours and trade-in', 'about availability, colors and trade-in'],
];

/** Text a block shows by default that is Australian; a US site states its own. */
function usBlockProps(type: string, id: string, props: Json): Json | undefined {
  if (type === 'faq-accordion' && id === 'trade-in-faq' && !props.items)
    return { ...props, items: reword(faqAccordion_items, US_TRADE_IN) };
  if (type === 'car-detail' && !props.protectYourCar)
    return { ...props, protectYourCar: reword(carDetail_protectYourCar, US_SITE) };
  return undefined;
}

/** The document in US wording (a copy). */
export function usWording(doc: Json): Json {
  const out = reword(reword(doc, US), US_SITE);
  for (const { block } of walkBlocks<Json & { type: string; id: string }>(out)) {
    const props = usBlockProps(block.type, block.id, block.props ?? {});
    if (props) block.props = props;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let changed = 0;
  for (const file of siteFiles(sitesDir).filter((f) => !f.includes('/templates/'))) {
    const text = readFileSync(file, 'utf8');
    const doc = JSON.parse(text) as Json;
    // The US wording goes with US spelling (engine/region/table.ts, `usSpelling`).
    if (!regionSettings(doc.region).usSpelling) continue;
    const next = formatSiteDocument(usWording(doc));
    if (next === text) continue;
    changed++;
    console.log(`${check ? '~' : '✓'} ${file.slice(root.length + 1)}`);
    if (!check) writeFileSync(file, next);
  }
  console.log(
    `${changed} document${changed === 1 ? '' : 's'} ${check ? 'would change' : 'changed'}`,
  );
  process.exit(check && changed ? 1 : 0);
}

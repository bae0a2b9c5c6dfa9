/**
 * npx tsx demo/pages/form-pages.ts [--check] [--dir sites]
 *
 * Puts the lead forms (docs/forms.md) on the demo sites and the Ford template:
 *   /success                   thank-you message (success)
 *   /sign-in                   sign in by phone (sign-in)
 *   /contact                   enquiry form appended (enquiry-form)
 *   /book-test-drive           test drive booking (test-drive-form)
 *   /finance                   calculator and the finance enquiry at #finance-form (gate: finance)
 *   /finance-enquiry           finance enquiry (gate: finance)
 *   /apply-for-finance         finance application (gate: finance)
 *   /personalised/finance      personalised quote for ?car_id= (gate: finance)
 *   /trade-in                  trade-in valuation appended (never gated)
 *   /cars/trade-in             trade-in towards the car in ?car_id= (never gated)
 *   /sell-my-car               sell my car (never gated)
 *   /cars/:slug/checkout       gate: sign-in on the reserve page (its car-checkout block comes from demo/pages/car-pages.ts)
 *
 * Templates are done first; a site using a template gets only what the template does not
 * give it. Pages the documents already have keep their own blocks: the form is added when
 * missing, in front of any FAQ or locations list. Pages this script owns are rewritten
 * only when they hold nothing but a placeholder hero. Every result is prepared (template,
 * validation) as the server does before it is written, in canonical form. Run
 * `npx tsx scripts/format-sites.ts` and `npx tsx scripts/check-sites.ts` afterwards.
 * With --check nothing is written and the exit code says whether a document would change.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSiteDocument } from '../../engine/document/canonical.ts';
import { collectBlockIds } from '../../engine/tree/ids.ts';
import { sanitizeHtml } from '../../engine/sanitize/html.server.ts';
import { createSitePreparer } from '../../engine/site/prepare.ts';
import { resolveTemplate } from '../../engine/site/templates.ts';
import { DEFAULT_REGION, spell } from '../../engine/region.ts';
import type { Block, Page, Region } from '../../schemas/types.gen.ts';

type Json = Record<string, any>;

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const dirArg = args.indexOf('--dir');
const sitesDir = resolve(
  dirArg >= 0 ? args[dirArg + 1] : (process.env.FORECOURT_SITES_DIR ?? join(root, 'sites')),
);

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));
const loadTemplate = (name: string) => {
  const file = join(sitesDir, 'templates', `${name}.json`);
  return existsSync(file) ? readJson(file) : undefined;
};
const clone = (v: Json): Json => JSON.parse(JSON.stringify(v));

const hero = (id: string, heading: string, text: string): Block => ({
  type: 'hero',
  id,
  props: { heading, text, tone: 'light' },
});

/** Form pages, in the region's spelling (personalized). */
function formPages(doc: Json, base: Json | undefined): Page[] {
  const region: Region = doc.region ?? base?.region ?? DEFAULT_REGION;
  return [
    {
      id: 'success',
      path: '/success',
      title: 'Thank you | {site}',
      description: 'Thanks for getting in touch. Our team will be in touch shortly.',
      blocks: [{ type: 'success', id: 'success-message', props: {} }],
    },
    {
      id: 'sign-in',
      path: '/sign-in',
      title: 'Sign in | {site}',
      blocks: [{ type: 'sign-in', id: 'sign-in-form', props: {} }],
    },
    {
      id: 'book-test-drive',
      path: '/book-test-drive',
      title: 'Book a test drive | {site}',
      description: 'Choose a car and a time that suits you, and we will have it ready.',
      blocks: [
        hero(
          'book-test-drive-hero',
          'Book a test drive',
          'Tell us which car and when suits you. We’ll confirm and have it ready.',
        ),
        {
          type: 'test-drive-form',
          id: 'book-test-drive-form',
          props: { heading: 'Your test drive' },
        },
      ],
    },
    {
      id: 'finance-enquiry',
      path: '/finance-enquiry',
      title: 'Finance enquiry | {site}',
      gate: 'finance',
      blocks: [
        hero(
          'finance-enquiry-hero',
          'Car finance',
          'Competitive rates from our lender panel, arranged while you choose your car.',
        ),
        {
          type: 'finance-calculator',
          id: 'finance-enquiry-calculator',
          props: { showEnquiryLink: false },
        },
        { type: 'finance-enquiry', id: 'finance-enquiry-form', props: {} },
      ],
    },
    {
      id: 'apply-for-finance',
      path: '/apply-for-finance',
      title: 'Apply for finance | {site}',
      gate: 'finance',
      blocks: [
        hero(
          'apply-for-finance-hero',
          'Get pre-approved',
          'Know your budget before you choose. It takes about five minutes.',
        ),
        { type: 'apply-for-finance', id: 'apply-for-finance-form', props: {} },
      ],
    },
    {
      id: 'personalised-finance',
      path: '/personalised/finance',
      title: `${spell('Personalised', region)} finance | {site}`,
      gate: 'finance',
      blocks: [
        hero(
          'personalised-finance-hero',
          `${spell('Personalised', region)} finance`,
          'Your repayments for this car, worked out for your deposit and term.',
        ),
        {
          type: 'personalised-finance',
          id: 'personalised-finance-quote',
          props: { heading: 'Your quote' },
        },
      ],
    },
    {
      id: 'cars-trade-in',
      path: '/cars/trade-in',
      title: 'Trade in your car | {site}',
      blocks: [
        hero(
          'cars-trade-in-hero',
          'Trade in your car',
          'Put your current car towards this one. Get an offer in about 2 minutes.',
        ),
        { type: 'trade-in', id: 'cars-trade-in-form', props: { heading: 'Value your trade-in' } },
      ],
    },
    {
      id: 'sell-my-car',
      path: '/sell-my-car',
      title: 'Sell my car | {site}',
      description: 'Get an instant offer for your car. No obligation.',
      blocks: [
        hero(
          'sell-my-car-hero',
          'Sell your car',
          'An instant offer in about 2 minutes, and paid the day you drop it off.',
        ),
        {
          type: 'sell-my-car',
          id: 'sell-my-car-form',
          props: { heading: 'Tell us about you and your car' },
        },
      ],
    },
  ];
}

/** Blocks added to pages the documents already have (when the page has no block of that type). */
function appended(pageId: string): { block: Block; before: string[] }[] {
  switch (pageId) {
    case 'contact':
      return [
        {
          block: { type: 'enquiry-form', id: 'contact-enquiry', props: {} },
          before: ['locations', 'location-detail'],
        },
      ];
    case 'finance':
      return [
        {
          block: {
            type: 'finance-calculator',
            id: 'finance-calculator',
            props: { showEnquiryLink: false },
          },
          before: ['finance-enquiry'],
        },
        {
          block: { type: 'finance-enquiry', id: 'finance-form', props: {} },
          before: ['faq-accordion'],
        },
      ];
    case 'trade-in':
      return [
        { block: { type: 'trade-in', id: 'trade-in-form', props: {} }, before: ['faq-accordion'] },
      ];
    default:
      return [];
  }
}

/** Gates on pages (the checkout page itself, with its car-checkout block, comes from demo/pages/car-pages.ts). */
const GATES: Record<string, 'finance' | 'sign-in'> = {
  finance: 'finance',
  'finance-enquiry': 'finance',
  'apply-for-finance': 'finance',
  'personalised-finance': 'finance',
  checkout: 'sign-in',
};

/** JSON with sorted keys, to compare documents whatever their key order. */
const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Json)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

const isPlaceholder = (page: Json | undefined) =>
  !page ||
  ((page.blocks?.length ?? 0) <= 1 && (page.blocks ?? []).every((b: Json) => b.type === 'hero'));

function blockIdsOf(doc: Json, pages: Json[]): Set<string> {
  return collectBlockIds({ layout: doc.layout, pages });
}

function apply(doc: Json, base: Json | undefined, resolvedPages: Json[]): string[] {
  const changes: string[] = [];
  doc.pages ??= [];
  const own = new Map<string, Json>(doc.pages.map((p: Json) => [p.id, p]));
  const effective = new Map<string, Json>(resolvedPages.map((p) => [p.id, p]));
  const paths = new Map<string, string>(resolvedPages.map((p) => [p.path, p.id]));
  const ids = blockIdsOf(doc, resolvedPages);

  for (const page of formPages(doc, base)) {
    const current = effective.get(page.id);
    if (current && stable(current) === stable(page)) continue;
    const takenBy = paths.get(page.path);
    if (takenBy && takenBy !== page.id) {
      changes.push(`skip ${page.path}: page ${takenBy} already uses that path`);
      continue;
    }
    if (current && !isPlaceholder(current)) {
      // Keep the page; make sure its gate is set where a form page needs one.
      if (page.gate && current.gate !== page.gate && own.has(page.id)) {
        own.get(page.id)!.gate = page.gate;
        changes.push(`gate ${page.path} (${page.gate})`);
      }
      continue;
    }
    if (current && base && !own.has(page.id)) continue; // the template's page: done in the template
    const clash = page.blocks.find(
      (b) => ids.has(b.id) && !(current?.blocks ?? []).some((c: Json) => c.id === b.id),
    );
    if (clash) {
      changes.push(`skip ${page.path}: block id ${clash.id} is already used`);
      continue;
    }
    if (own.has(page.id)) doc.pages[doc.pages.indexOf(own.get(page.id))] = page;
    else doc.pages.push(page);
    own.set(page.id, page);
    page.blocks.forEach((b) => ids.add(b.id));
    changes.push(`${current ? 'replace' : 'add'} ${page.path}`);
  }

  for (const [pageId, page] of effective) {
    const wants = appended(pageId);
    const gate = GATES[pageId];
    if (!wants.length && !gate) continue;
    const target = own.get(pageId);
    if (!target) continue; // the template's page: done in the template
    for (const { block, before } of wants) {
      if (target.blocks.some((b: Json) => b.type === block.type) || ids.has(block.id)) continue;
      const at = target.blocks.findIndex((b: Json) => before.includes(b.type));
      target.blocks.splice(at >= 0 ? at : target.blocks.length, 0, block);
      ids.add(block.id);
      changes.push(`${at >= 0 ? 'insert' : 'append'} ${block.type} on ${page.path}`);
    }
    if (gate && target.gate !== gate) {
      target.gate = gate;
      changes.push(`gate ${page.path} (${gate})`);
    }
  }
  return changes;
}

function documents(): { file: string; template: boolean }[] {
  const templatesDir = join(sitesDir, 'templates');
  const templates = existsSync(templatesDir)
    ? readdirSync(templatesDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({ file: join(templatesDir, f), template: true }))
    : [];
  const sites = readdirSync(sitesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: join(sitesDir, f), template: false }));
  return [...templates, ...sites];
}

const display = (file: string) => (file.startsWith(root) ? file.slice(root.length + 1) : file);
const written = new Map<string, Json>();
let failed = 0;
let changed = 0;
for (const { file, template } of documents()) {
  const doc = readJson(file);
  const base =
    !template && typeof doc.template === 'string'
      ? (written.get(doc.template) ?? loadTemplate(doc.template))
      : undefined;
  const resolved = template
    ? doc
    : (resolveTemplate(clone(doc), (name) => written.get(name) ?? loadTemplate(name)).doc as Json);
  const changes = apply(doc, base, clone(resolved).pages ?? []);
  if (template) written.set(file.replace(/^.*\/([^/]+)\.json$/, '$1'), doc);
  if (!changes.length) {
    console.log(`= ${display(file)}: nothing to do`);
    continue;
  }
  if (!template) {
    const prepared = createSitePreparer({
      loadTemplate: (n) => written.get(n) ?? loadTemplate(n),
      sanitizeHtml,
    })(clone(doc));
    if (!prepared.ok) {
      failed++;
      console.error(
        `✗ ${display(file)}: the result would be invalid, nothing written:\n  ${prepared.issues.map((i) => `${i.path}: ${i.message}`).join('\n  ')}`,
      );
      continue;
    }
  }
  changed++;
  console.log(`${check ? '~' : '✓'} ${display(file)}:\n  ${changes.join('\n  ')}`);
  if (!check) writeFileSync(file, formatSiteDocument(doc));
}
console.log(`${changed} document${changed === 1 ? '' : 's'} ${check ? 'would change' : 'changed'}`);
process.exit(failed || (check && changed) ? 1 : 0);

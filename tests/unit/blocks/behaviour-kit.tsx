/**
 * The block behaviour suite's fixture (tests/unit/blocks/behaviour-suite.tsx, README "Tests"):
 * one demo site holding a page per case (every registry block with its starting props and
 * with each of its schema's examples), prepared once as the server prepares a document; a
 * small search service the search blocks' loads reach over HTTP, as on the real server; and
 * a case rendered the way a dealer page is: the page renderer's HTML (engine/render/server.tsx),
 * then hydrated with the tree engine/render/client.tsx builds for the browser (hydrationTree; docs/render.md).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hydrateRoot } from 'react-dom/client';
import express from 'express';
import { vi } from 'vitest';
import { car } from '../../../blocks/_cars/test-cars.ts';
import { demoCatalogue, prepareDemoSite } from '../../../blocks/_shared/test-utils.tsx';
import { registry } from '../../../blocks/registry.ts';
import { startingProps } from '../../../editor/lib/starting-props.ts';
import { BlockLoader } from '../../../engine/render/registry.ts';
import {
  createPageRenderer,
  type PagePayload,
  type RenderedPage,
} from '../../../engine/render/server.tsx';
import { hydrationTree } from '../../../engine/render/client.tsx';
import { createCarSearchEngine } from '../../../engine/search/car-index.ts';
import { addDirectoryIndexes } from '../../../engine/search/directory-indexes.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import type { SiteData } from '../../../engine/site/data.ts';
import type { Block, ResolvedSite } from '../../../engine/site/types.ts';
import { blockSchemas, type BlockType } from '../../../schemas/index.gen.ts';

export type CaseKind = 'starting props' | 'example' | 'invalid props';

export interface BehaviourCase {
  type: BlockType;
  kind: CaseKind;
  /** "starting props", "example 1", … */
  name: string;
  /** The block under test's id (unique in the site). */
  blockId: string;
  pageId: string;
}

/** Texts of the blocks around a block given invalid props: they must still show. */
export const NEIGHBOUR_BEFORE = 'Neighbour before the failing block';
export const NEIGHBOUR_AFTER = 'Neighbour after the failing block';

export const blockTypesInRegistry = () => Object.keys(registry) as BlockType[];

interface BlockSchema {
  properties?: Record<string, { type?: string | string[]; $ref?: string }>;
  examples?: Record<string, unknown>[];
  'x-block'?: {
    routeParams?: Record<string, string>;
    container?: boolean;
    slots?: Record<string, unknown>;
  };
}
const schemaOf = (type: BlockType) => blockSchemas[type] as unknown as BlockSchema;

/** The examples a block's schema gives (the editor shows them too). */
export const examplesOf = (type: BlockType) => schemaOf(type).examples ?? [];

/**
 * Props of the wrong type for every property the schema declares: an object where a string,
 * number or list is expected (React refuses to show one; a list has no map), null where an
 * object is expected. What a document could hold if validation were skipped.
 */
export function invalidProps(type: BlockType): Record<string, unknown> {
  const wrong = { invalid: ['a value of the wrong type'] };
  return Object.fromEntries(
    Object.entries(schemaOf(type).properties ?? {}).map(([name, sub]) => [
      name,
      sub.type === 'object' ? null : wrong,
    ]),
  );
}

const rich = (id: string, text: string): Block =>
  ({ type: 'rich-text', id, props: { html: `<p>${text}</p>` } }) as Block;

/** The text a container's child shows (a container shows its children). */
export const CHILD_TEXT = 'Text inside the container';

/** The block holds other blocks (x-block.container or slots). */
export function holdsBlocks(type: BlockType): boolean {
  const meta = schemaOf(type)['x-block'] ?? {};
  return !!meta.container || Object.keys(meta.slots ?? {}).length > 0;
}

/** A container gets a child in `children` and in each slot, as staff would fill it. */
function contents(type: BlockType, blockId: string): Partial<Block> {
  const meta = schemaOf(type)['x-block'] ?? {};
  const out: Partial<Block> = {};
  if (meta.container) out.children = [rich(`${blockId}-child`, CHILD_TEXT)];
  const slots = Object.keys(meta.slots ?? {});
  if (slots.length)
    out.slots = Object.fromEntries(slots.map((s) => [s, [rich(`${blockId}-${s}`, CHILD_TEXT)]]));
  return out;
}

/** A path with a segment per route parameter the block declares (x-block.routeParams). */
function pagePath(type: BlockType, slug: string) {
  const params = Object.keys(schemaOf(type)['x-block']?.routeParams ?? {});
  return [`/behaviour/${type}/${slug}`, ...params.map((p) => `:${p}`)].join('/');
}

export interface BehaviourFixture {
  cases: BehaviourCase[];
  /** The prepared site a case's page is in, and the address it is shown at (route parameters filled with the site's first value). */
  where(c: BehaviourCase): { site: ResolvedSite; siteData: SiteData; url: string };
}

/**
 * The demo site with one page per case, prepared once (validation fills the defaults, so an
 * example that breaks its schema fails here, naming its page); the invalid props are put in
 * after validation, as no document could hold them.
 */
export function behaviourFixture(searchHost: string): BehaviourFixture {
  const cases: BehaviourCase[] = [];
  const pages: Record<string, unknown>[] = [];
  for (const type of blockTypesInRegistry()) {
    const variants: [CaseKind, string, Record<string, unknown>][] = [
      ['starting props', 'starting', startingProps(type)],
      ...examplesOf(type).map((props, i): [CaseKind, string, Record<string, unknown>] => [
        'example',
        `example-${i + 1}`,
        structuredClone(props),
      ]),
      // Valid when prepared (so the blocks around it get their defaults); its props are made
      // invalid afterwards.
      ['invalid props', 'invalid', startingProps(type)],
    ];
    for (const [kind, slug, props] of variants) {
      const c: BehaviourCase = {
        type,
        kind,
        name: kind === 'example' ? slug.replace('-', ' ') : kind,
        blockId: `${type}-${slug}`,
        pageId: `behaviour-${type}-${slug}`,
      };
      cases.push(c);
      const block = { type, id: c.blockId, props, ...contents(type, c.blockId) };
      pages.push({
        id: c.pageId,
        path: pagePath(type, slug),
        title: `${type} ${c.name}`,
        layout: false,
        blocks:
          kind === 'invalid props'
            ? [
                rich(`${type}-before`, NEIGHBOUR_BEFORE),
                block,
                rich(`${type}-after`, NEIGHBOUR_AFTER),
              ]
            : [block],
      });
    }
  }
  // Two documents: a site holds at most 200 pages.
  const prepareWith = (kinds: CaseKind[]) =>
    prepareDemoSite({
      patch: (doc) => {
        doc.search = { ...doc.search, host: searchHost };
        const ids = new Set(cases.filter((c) => kinds.includes(c.kind)).map((c) => c.pageId));
        doc.pages = [...doc.pages, ...pages.filter((p) => ids.has(p.id as string))];
      },
    });
  const valid = prepareWith(['starting props', 'example']);
  const invalid = prepareWith(['invalid props']);
  for (const c of cases.filter((c) => c.kind === 'invalid props')) {
    const page = invalid.site.pages.find((p) => p.id === c.pageId)!;
    page.blocks![1]!.props = invalidProps(c.type);
  }
  return {
    cases,
    where(c) {
      const { site, data: siteData } = c.kind === 'invalid props' ? invalid : valid;
      const page = site.pages.find((p) => p.id === c.pageId)!;
      const values = siteData.routeValues?.[page.id] ?? {};
      const url = page.path.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => values[p]?.[0] ?? p);
      return { site, siteData, url };
    },
  };
}

/**
 * The embedded search engine over HTTP with a few of the site's cars and the model and dealer
 * directories, so the search blocks' loads run as on the server (on a site whose search host
 * names it). Returns its host and a close function.
 */
export async function startSearchService(): Promise<{ host: string; close: () => Promise<void> }> {
  const { site } = prepareDemoSite();
  const dealership = site.dealerships![0]!;
  const cars = [1, 2, 3].map((n) =>
    car({
      id: 5000 + n,
      objectID: String(5000 + n),
      slug: `2023-ford-ranger-xlt-${5000 + n}`,
      name: `2023 Ford Ranger XLT ${n}`,
      make: 'Ford',
      model: 'Ranger',
      dealership_id: dealership.id,
      dealership_slug: dealership.slug,
      dealership_name: dealership.name,
    }),
  );
  const engine = createCarSearchEngine(cars);
  addDirectoryIndexes(engine, demoCatalogue(), [site], cars);
  const app = express().use(createSearchRouter(engine));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const renderPage = createPageRenderer(registry);
const clientLoader = new BlockLoader(registry);

export interface RenderedCase {
  page: RenderedPage;
  container: HTMLElement;
  /** What was logged as an error while the server rendered the page (a block's load that failed among them). */
  serverErrors: string[];
  /** What was logged as an error while hydrating (React's mismatch warnings among them). */
  errors: string[];
  /** The element the server's HTML made for the page's first block is still in the document after hydrating. */
  keptServerDom: boolean;
  /** React gave up hydrating part of the page and rendered it anew. */
  recovered: string[];
  /** Unmounts the page and lets React's scheduled work finish (the next server render runs without a window). */
  unmount: () => Promise<void>;
}

/**
 * Runs `render` with no window and no document and import.meta.env.SSR set, as on the server: blocks and their loads
 * take their server paths (typeof window === 'undefined'), e.g. the search UIs render
 * their results instead of waiting for the visitor.
 */
async function asServer<T>(render: () => Promise<T>): Promise<T> {
  const saved = (['window', 'document'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!] as const,
  );
  for (const [name] of saved) Reflect.deleteProperty(globalThis, name);
  vi.stubEnv('SSR', true);
  try {
    return await render();
  } finally {
    vi.unstubAllEnvs();
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
  }
}

/** Renders a case's page on the "server" and hydrates it in the document, in development mode (the boundary names a failed block). */
export async function renderCase(fx: BehaviourFixture, c: BehaviourCase): Promise<RenderedCase> {
  const { site, siteData, url } = fx.where(c);
  const serverErrors: string[] = [];
  const page = await logged(serverErrors, () =>
    asServer(() =>
      renderPage({
        site,
        siteData,
        url,
        basename: '',
        mode: 'development',
        origin: 'http://dealer.test',
      }),
    ),
  );
  const container = document.createElement('div');
  container.innerHTML = page.html;
  document.body.replaceChildren(container);
  const first = container.querySelector('main > *');
  window.history.replaceState(null, '', url);
  // What the browser gets: the payload as JSON.
  const payload = JSON.parse(JSON.stringify(page.payload)) as PagePayload;
  await clientLoader.load(page.blockTypes);
  const hydrated = window as unknown as { __forecourtHydrated?: boolean };
  hydrated.__forecourtHydrated = false;
  const errors: string[] = [];
  const recovered: string[] = [];
  const root = await logged(errors, async () => {
    const root = hydrateRoot(container, hydrationTree(payload, clientLoader), {
      onRecoverableError: (error) => recovered.push(String(error)),
    });
    await vi.waitFor(
      () => {
        if (!hydrated.__forecourtHydrated) throw new Error('the page has not hydrated yet');
      },
      { timeout: 15_000 },
    );
    return root;
  });
  return {
    page,
    container,
    serverErrors,
    errors,
    recovered,
    keptServerDom: !!first && container.contains(first),
    unmount: async () => {
      root.unmount();
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

/** Runs `work` with console.error collected into `into` instead of printed. */
async function logged<T>(into: string[], work: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = (...args: unknown[]) => into.push(args.map(String).join(' '));
  try {
    return await work();
  } finally {
    console.error = original;
  }
}

/**
 * The block behaviour suite (README "Tests"; its files are behaviour-1.test.tsx and
 * behaviour-2.test.tsx): the behaviour every block must have, run for every block type in
 * blocks/registry.ts, so a new block is covered by its registry line (docs/content-blocks.md):
 *
 *  1. with its starting props (its schema's defaults, plus the editor's placeholders for
 *     required props that have none: editor/lib/starting-props.ts) it shows something;
 *  2. each of its schema's `examples` renders (every block schema has at least one);
 *  3. props of the wrong type are contained: the blocks around it still show and the error
 *     boundary names it (engine/render/BlockBoundary.tsx, docs/render.md);
 *  4. what it shows has no axe violation;
 *  5. it renders on the server and hydrates without an error or warning, keeping the
 *     server's DOM.
 *
 * Each case is one page of a demo site, rendered by the page renderer and hydrated as a dealer
 * page is (behaviour-kit.tsx). A block excused from a check is named below with its reason.
 */
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registry } from '../../../blocks/registry.ts';
import { blockTypes, type BlockType } from '../../../schemas/index.gen.ts';
import {
  CHILD_TEXT,
  NEIGHBOUR_AFTER,
  NEIGHBOUR_BEFORE,
  behaviourFixture,
  blockTypesInRegistry,
  examplesOf,
  holdsBlocks,
  renderCase,
  startSearchService,
  type BehaviourCase,
  type BehaviourFixture,
} from './behaviour-kit.tsx';

/** Blocks that show nothing with their starting props, by design. */
const SHOWS_NOTHING_AT_START: Partial<Record<BlockType, string>> = {
  'promo-tile':
    'its starting placement is among the car results of its page, where the car grid shows it (blocks/_cars/promo.ts)',
  reviews: 'it shows nothing until reviews are pasted in or published, unless forceShow is on',
};

/** Blocks that do not fail on the wrong-typed props (the rest must show the boundary's notice). */
const NOT_FAILED_BY_INVALID_PROPS: Partial<Record<BlockType, string>> = {
  'faq-accordion': 'a list of the wrong type has no length, and it shows nothing without entries',
  'icon-list': 'a list of the wrong type has no length, and it shows nothing without entries',
  'payment-logos': 'a list of the wrong type has no length, and it shows nothing without logos',
  'cards-grid': 'a list of the wrong type has no length, and it shows nothing without cards',
  'search-page':
    'its server search fails and is logged; its UI, which reads the props, loads on the visitor’s first use (docs/search-ui.md)',
  'car-detail':
    'its load fails on the car reference and it shows its own “couldn’t load this car” notice',
  'car-checkout': 'it reads no prop before a car is chosen, and shows how to choose one',
};

/**
 * Axe in jsdom: only violations are reported, without building CSS selectors for them (slow).
 * Framed pages are not entered (embedded forms are other services' pages, and jsdom loads
 * none). Rules jsdom cannot judge are off: it lays nothing out, so colours and sizes are unknown.
 */
const AXE_OPTIONS: axe.RunOptions = {
  resultTypes: ['violations'],
  selectors: false,
  preload: false,
  iframes: false,
  rules: {
    'color-contrast': { enabled: false },
    'target-size': { enabled: false },
  },
};

let fx: BehaviourFixture;

/** The demo site and search service every case of a file renders with. */
export function withBehaviourFixture() {
  let closeSearch: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const search = await startSearchService();
    closeSearch = search.close;
    fx = behaviourFixture(search.host);
  });
  afterAll(() => closeSearch?.());
}

const caseOf = (type: BlockType, kind: BehaviourCase['kind'], index = 0) =>
  fx.cases.filter((c) => c.type === type && c.kind === kind)[index]!;

/** A valid case: renders, hydrates cleanly, shows something, and passes axe. */
async function expectWellBehaved(c: BehaviourCase, { mayBeEmpty = false } = {}) {
  const r = await renderCase(fx, c);
  try {
    expect(r.serverErrors, 'errors logged while the server rendered').toEqual([]);
    expect(r.page.payload.perBlockSuspense, 'a block failed on the server').toBeUndefined();
    expect(r.errors, 'errors or warnings logged while hydrating').toEqual([]);
    expect(r.recovered, 'React rendered the page anew instead of hydrating it').toEqual([]);
    const main = r.container.querySelector('main')!;
    expect(main.querySelector('.fc-block-error'), 'the error boundary shows').toBeNull();
    if (!mayBeEmpty) {
      expect(r.keptServerDom, 'the server’s DOM was replaced').toBe(true);
      const shows = main.textContent!.trim() !== '' || !!main.querySelector('img, svg, iframe');
      expect(shows, `${c.blockId} shows nothing`).toBe(true);
      if (holdsBlocks(c.type)) expect(main.textContent).toContain(CHILD_TEXT);
    }
    const { violations } = await axe.run(r.container, AXE_OPTIONS);
    expect(
      violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(' | ')})`),
      'axe violations',
    ).toEqual([]);
  } finally {
    await r.unmount();
  }
}

/** The suite's own checks: it covers every block type, and its axe finds what it should. */
export function describeSuiteChecks() {
  describe('the behaviour suite', () => {
    it('covers every block type of the schemas, through the registry', () => {
      expect(blockTypesInRegistry().sort()).toEqual([...blockTypes].sort());
      for (const excused of [SHOWS_NOTHING_AT_START, NOT_FAILED_BY_INVALID_PROPS])
        for (const type of Object.keys(excused)) expect(Object.keys(registry)).toContain(type);
    });

    it('runs axe so that it finds a violation where there is one', async () => {
      document.body.innerHTML = '<main><img src="/x.svg"><button></button></main>';
      const { violations } = await axe.run(document.body, AXE_OPTIONS);
      expect(violations.map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
      document.body.innerHTML = '';
    });
  });
}

// A hang detector, not a speed check: a page with the search UI renders and runs axe over a
// few hundred elements, which takes seconds in jsdom on a busy machine.
const CASE_TIMEOUT = 60_000;

/**
 * The checks of every block, for one of the suite's files: the block types are dealt out by
 * position (type i goes to file i mod `of`), so the files run side by side on the test
 * workers and a new block lands in one of them by itself.
 */
export function describeBlocks(part: number, of: number) {
  const types = blockTypesInRegistry().filter((_, i) => i % of === part);
  describe.each(types)('block %s', (type) => {
    it(
      'renders its starting props on the server, hydrates, shows something and passes axe',
      async () => {
        await expectWellBehaved(caseOf(type, 'starting props'), {
          mayBeEmpty: type in SHOWS_NOTHING_AT_START,
        });
      },
      CASE_TIMEOUT,
    );

    it(
      'has examples in its schema, and each renders, hydrates, shows something and passes axe',
      async () => {
        const examples = examplesOf(type);
        expect(
          examples.length,
          `schemas/blocks/${type}.schema.json has no examples`,
        ).toBeGreaterThan(0);
        for (let i = 0; i < examples.length; i++)
          await expectWellBehaved(caseOf(type, 'example', i));
      },
      CASE_TIMEOUT,
    );

    it(
      'contains props of the wrong type: the page around it renders, and its boundary names it',
      async () => {
        const c = caseOf(type, 'invalid props');
        // The boundary logs what it caught; that is expected here.
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        const r = await renderCase(fx, c);
        try {
          expect(r.page.html).toContain(NEIGHBOUR_BEFORE);
          expect(r.page.html).toContain(NEIGHBOUR_AFTER);
          const notice = () => r.container.querySelector(`[data-block-error="${c.blockId}"]`);
          if (type in NOT_FAILED_BY_INVALID_PROPS) {
            // Such a block may still fail where its load fails first (the search page's server
            // search, when the test search service is slow to answer, as in CI): then its notice
            // names it as any other's; either way the page around it stands (checked below).
            if (notice())
              expect(notice()!.textContent).toContain(
                `Block “${c.blockId}” (${type}) could not be shown.`,
              );
          } else {
            await vi.waitFor(() => expect(notice()?.getAttribute('role')).toBe('alert'), {
              timeout: 15_000,
            });
            expect(notice()!.textContent).toContain(
              `Block “${c.blockId}” (${type}) could not be shown.`,
            );
          }
          expect(r.container.textContent).toContain(NEIGHBOUR_BEFORE);
          expect(r.container.textContent).toContain(NEIGHBOUR_AFTER);
        } finally {
          await r.unmount();
          quiet.mockRestore();
        }
      },
      CASE_TIMEOUT,
    );
  });
}

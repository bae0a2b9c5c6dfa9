/**
 * An edit of one block re-renders that block, not the page (docs/editor-design.md, "Speed"): the
 * site context keeps its value while only pages change, blocks are memoised on their own
 * object, and the few blocks that read other pages follow them through usePages().
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { defineBlock, type BlockRegistry } from '../../../engine/render/block.ts';
import { BlockLoader } from '../../../engine/render/registry.ts';
import { SiteApp } from '../../../engine/render/SiteApp.tsx';
import { settingsOf, usePages, useSite } from '../../../engine/render/site-context.tsx';
import type { Block, ResolvedSite } from '../../../engine/site/types.ts';
import { minimalDoc, prepared } from '../helpers.ts';

const renders = new Map<string, number>();
const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);

// Reads the site context like most blocks do (its name), and counts its renders.
const Text = defineBlock<{ heading: string }>({
  component: function Text({ props, block }) {
    const { site } = useSite();
    count(block.id);
    return (
      <p data-testid={block.id}>
        {props.heading} · {site.name}
      </p>
    );
  },
});
// Reads other pages, as the search target and a page's promo tiles do.
const PageCount = defineBlock<Record<string, never>>({
  component: function PageCount({ block }) {
    const pages = usePages();
    count(block.id);
    return <p data-testid={block.id}>{pages.flatMap((p) => p.blocks ?? []).length} blocks</p>;
  },
});
const Box = defineBlock<Record<string, never>>({
  component: ({ children }) => <div>{children}</div>,
});

const registry: BlockRegistry = {
  hero: () => Promise.resolve({ default: Text as ReturnType<typeof defineBlock> }),
  'rich-text': () => Promise.resolve({ default: PageCount as ReturnType<typeof defineBlock> }),
  section: () => Promise.resolve({ default: Box as ReturnType<typeof defineBlock> }),
};

const site = prepared(
  minimalDoc({
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          { type: 'hero', id: 'a', props: { heading: 'A' } },
          {
            type: 'section',
            id: 'sec',
            children: [{ type: 'hero', id: 'b', props: { heading: 'B' } }],
          },
          { type: 'hero', id: 'c', props: { heading: 'C' } },
          { type: 'rich-text', id: 'count', props: { html: '<p>x</p>' } },
        ],
      },
    ],
  }),
);

/** The site with one block's props changed the way the editor changes it: only the path to it is new. */
function withHeading(s: ResolvedSite, id: string, heading: string): ResolvedSite {
  const edit = (blocks: Block[]): Block[] =>
    blocks.map((b) =>
      b.id === id
        ? { ...b, props: { ...b.props, heading } }
        : b.children?.some(function has(c): boolean {
              return c.id === id || !!c.children?.some(has);
            })
          ? { ...b, children: edit(b.children) }
          : b,
    );
  return { ...s, pages: s.pages.map((p) => ({ ...p, blocks: edit(p.blocks ?? []) })) };
}

async function mount() {
  const loader = new BlockLoader(registry);
  await loader.load(['hero', 'section', 'rich-text']);
  const siteData = { models: [] };
  const initialData = { url: '/', data: {} };
  const app = (s: ResolvedSite) => (
    <MemoryRouter initialEntries={['/']}>
      <SiteApp
        site={s}
        siteData={siteData}
        mode="production"
        loader={loader}
        initialData={initialData}
      />
    </MemoryRouter>
  );
  const view = render(app(site));
  await screen.findByTestId('a');
  return (s: ResolvedSite) => act(() => view.rerender(app(s)));
}

describe('the site context while a page is edited', () => {
  it('re-renders only the edited block (and readers of the pages), however deep it is', async () => {
    const show = await mount();
    renders.clear();
    const next = withHeading(site, 'b', 'B edited');
    await show(next);
    expect(screen.getByTestId('b').textContent).toBe('B edited · Test Motors');
    expect(Object.fromEntries(renders)).toEqual({ b: 1, count: 1 });

    renders.clear();
    await show(withHeading(next, 'a', 'A edited'));
    expect(screen.getByTestId('a').textContent).toBe('A edited · Test Motors');
    expect(Object.fromEntries(renders)).toEqual({ a: 1, count: 1 });
  });

  it('re-renders every block when a site-wide setting changes', async () => {
    const show = await mount();
    renders.clear();
    await show({ ...site, name: 'Other Motors' });
    expect(screen.getByTestId('c').textContent).toBe('C · Other Motors');
    expect([...renders.keys()].sort()).toEqual(['a', 'b', 'c', 'count']);
  });

  it('gives readers of the pages the newest ones', async () => {
    const show = await mount();
    expect(screen.getByTestId('count').textContent).toBe('4 blocks');
    await show({
      ...site,
      pages: site.pages.map((p) => ({
        ...p,
        blocks: (p.blocks ?? []).filter((b) => b.id !== 'c'),
      })),
    });
    expect(screen.getByTestId('count').textContent).toBe('3 blocks');
  });
});

describe('settingsOf', () => {
  it('keeps the same settings while only pages and layout changed', () => {
    const before = settingsOf(site);
    expect(before).not.toHaveProperty('pages');
    expect(settingsOf({ ...site, pages: [], layout: { header: [], footer: [] } }, before)).toBe(
      before,
    );
    const renamed = settingsOf({ ...site, name: 'Other' }, before);
    expect(renamed).not.toBe(before);
    expect(renamed.name).toBe('Other');
  });
});

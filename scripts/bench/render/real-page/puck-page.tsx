/**
 * The real-page hydration bench's Puck side (docs/render.md, "Measuring it"): the page's own
 * blocks (header, page blocks, footer) rendered by Puck's <Render> from Puck data, inside the
 * same site shell (SiteApp) as the Forecourt side. The shell sees one block, `puck-page`,
 * whose component is Puck's <Render>; each Puck component calls the block's real component
 * with its props and loaded data, as a Puck site built on these blocks would.
 */
import { Render } from '@puckeditor/core';
import {
  defineBlock,
  type BlockDefinition,
  type BlockRegistry,
} from '../../../../engine/render/block.ts';
import type { PagePayload } from '../../../../engine/render/server.tsx';
import type { Block } from '../../../../engine/site/types.ts';

export const PUCK_PAGE = 'puck-page';

interface PuckItem {
  type: string;
  props: { id: string; block: Block; data: unknown };
}
export interface PuckData {
  root: { props: Record<string, never> };
  content: PuckItem[];
}

const definitions: Record<string, BlockDefinition> = {};
const config: { components: Record<string, { render(p: PuckItem['props']): React.ReactNode }> } = {
  components: {},
};

/** Loads the real blocks of the Puck data and makes a Puck component of each type. */
export async function loadPuckComponents(registry: BlockRegistry, data: PuckData): Promise<void> {
  for (const type of new Set(data.content.map((item) => item.type))) {
    definitions[type] = (await registry[type]()).default;
    const Component = definitions[type].component;
    config.components[type] = {
      render: ({ block, data: loaded }) => (
        <Component props={block.props ?? {}} block={block} slots={{}} data={loaded} />
      ),
    };
  }
}

const puckPage = defineBlock<{ data: PuckData }>({
  component: ({ props }) => <Render config={config as never} data={props.data as never} />,
});

/** The real registry with the `puck-page` block added. */
export const withPuckPage = (registry: BlockRegistry): BlockRegistry => ({
  ...registry,
  [PUCK_PAGE]: async () => ({ default: puckPage }),
});

/** The page's blocks, in the order the shell shows them (layout header, page, layout footer). */
function shownBlocks(payload: PagePayload): Block[] {
  const page = payload.site.pages.find((p) => p.blocks)!;
  const layout = page.layout !== false;
  return [
    ...(layout ? payload.site.layout.header : []),
    ...(page.blocks ?? []),
    ...(layout ? payload.site.layout.footer : []),
  ];
}

/**
 * The same page for the Puck side: the shell shows one `puck-page` block holding the Puck data;
 * each block's loaded data moves into its Puck item, so neither payload carries it twice.
 */
export function puckPayload(payload: PagePayload): { payload: PagePayload; data: PuckData } {
  const blocks = shownBlocks(payload);
  for (const block of blocks)
    if (block.children?.length || Object.keys(block.slots ?? {}).length)
      throw new Error(
        `real-page bench: block ${block.id} (${block.type}) holds blocks; not handled`,
      );
  const data: PuckData = {
    root: { props: {} },
    content: blocks.map((block) => ({
      type: block.type,
      props: { id: block.id, block, data: payload.initialData.data[block.id] },
    })),
  };
  const shown = payload.site.pages.find((p) => p.blocks)!;
  const site = {
    ...payload.site,
    layout: { ...payload.site.layout, header: [], footer: [] },
    pages: payload.site.pages.map((p) =>
      p === shown
        ? {
            ...p,
            blocks: [{ type: PUCK_PAGE, id: PUCK_PAGE, props: { data } }] as unknown as Block[],
          }
        : p,
    ),
  };
  return {
    payload: {
      ...payload,
      site,
      initialData: { ...payload.initialData, data: {} },
      blockTypes: [PUCK_PAGE],
    },
    data,
  };
}

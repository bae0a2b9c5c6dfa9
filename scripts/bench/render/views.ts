/**
 * The render bench's blocks, shared by the server render (scripts/bench/render.ts) and the
 * browser bundles that hydrate it (render/entry-*.tsx): the same trivial views on both sides,
 * as Forecourt block definitions and as a Puck config. Every block prints one element with
 * data-b="<id>" whose ref reports its commit, so the hydration bench knows when the last
 * block of a page has hydrated (React ignores refs on the server: the HTML is unchanged).
 */
import { createElement as h, type ReactNode } from 'react';
import { defineBlock, type BlockRegistry } from '../../../engine/render/block.ts';

/** Set by a hydration entry before it hydrates; called once per block element React commits. */
export interface BenchProbe {
  block(): void;
}

const committed = (el: Element | null) => {
  if (el) (globalThis as { __benchProbe?: BenchProbe }).__benchProbe?.block();
};

export const HeadingView = (id: string, text: string | undefined) =>
  h('h2', { 'data-b': id, ref: committed }, text);
export const TextView = (id: string, text: string | undefined) =>
  h('p', { 'data-b': id, ref: committed }, text);
export const BoxView = (id: string, title: string | undefined, body: ReactNode) =>
  h('section', { 'data-b': id, className: 'box', ref: committed }, h('h3', null, title), body);

type P = { text?: string; title?: string };

/** Forecourt: the views as block definitions. */
export const forecourtDefinitions = {
  Heading: defineBlock<P>({ component: ({ block, props }) => HeadingView(block.id, props.text) }),
  Text: defineBlock<P>({ component: ({ block, props }) => TextView(block.id, props.text) }),
  Box: defineBlock<P>({
    component: ({ block, props, children }) =>
      BoxView(block.id, props.title, h('div', null, children)),
  }),
};

/** Like blocks/registry.ts, one loader per type (here already in the bundle). */
export const forecourtRegistry: BlockRegistry = Object.fromEntries(
  Object.entries(forecourtDefinitions).map(([type, def]) => [type, async () => ({ default: def })]),
);

/** Puck: the same views as a Puck config, the Box's children in a slot field. */
export const puckConfig = {
  components: {
    Heading: { fields: { text: { type: 'text' } }, render: (p: any) => HeadingView(p.id, p.text) },
    Text: { fields: { text: { type: 'textarea' } }, render: (p: any) => TextView(p.id, p.text) },
    Box: {
      fields: { title: { type: 'text' }, items: { type: 'slot' } },
      render: (p: any) => BoxView(p.id, p.title, h(p.items)),
    },
  },
};

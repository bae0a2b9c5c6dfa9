/**
 * Inside the preview iframe: a block's props shown ahead of the page (docs/editor-design.md,
 * "Speed"). Every block reads the site from the renderer's context, so a new site re-renders
 * all of them: on a 1,000-block page that is far longer than a keystroke may take. A
 * typed prop is therefore shown at once in its own block (its frame re-renders the block
 * with these props), while the page takes the new site in a transition React can interrupt.
 * An entry goes once the page shows those props, or a check as new as it.
 */
import { findBlock, type Doc } from '../../lib/doc.ts';
import { blockListeners } from './block-listeners.ts';

type Props = Record<string, unknown>;

const live = new Map<string, { props: Props; revision: number }>();
const { notify, useValue } = blockListeners();

export function showLive(id: string, props: Props, revision: number) {
  live.set(id, { props, revision });
  notify(id);
}

/** After the page committed `site` (checked at `revision`): entries it shows, or that a check as new replaced, go. */
export function settleLive(site: Doc, revision: number) {
  for (const [id, entry] of live) {
    if (entry.revision > revision && findBlock(site, id)?.block.props !== entry.props) continue;
    live.delete(id);
    notify(id);
  }
}

/** The props shown ahead of the page for a block, if any. */
export function useLiveProps(id: string): Props | undefined {
  return useValue(id, () => live.get(id)?.props);
}

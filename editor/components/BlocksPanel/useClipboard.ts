import { useMemo, useSyncExternalStore } from 'react';
import { blockName } from '../../lib/blocks.ts';
import { clipboardSnapshot, readClipboard, subscribeClipboard } from '../../lib/clipboard.ts';

/** What Paste would paste ("Hero hero from site-a", "3 blocks from site-a"), if anything. */
export function useClipboard(): string | undefined {
  const raw = useSyncExternalStore(subscribeClipboard, clipboardSnapshot);
  return useMemo(() => {
    if (!raw) return undefined;
    const c = readClipboard();
    if (!c?.blocks.length) return undefined;
    return c.blocks.length === 1
      ? `${blockName(c.blocks[0])} from ${c.from.site}`
      : `${c.blocks.length} blocks from ${c.from.site}`;
  }, [raw]);
}

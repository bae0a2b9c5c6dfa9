/**
 * Inside the preview iframe: each block's problems (lib/preview-model.ts), told to that
 * block's frame alone. The frames are the engine's per-block wrap, which must stay the same
 * function for blocks to keep their memoisation (docs/editor-design.md, "Speed"), so the problems
 * do not travel through it: a check that changes one block's problems re-renders one frame.
 */
import { blockListeners } from './block-listeners.ts';

let current = new Map<string, string[]>();
const listeners = blockListeners();

/** Takes the problems of the check now shown; frames whose list changed are told. */
export function setBlockProblems(next: Map<string, string[]>) {
  const before = current;
  current = next;
  for (const id of new Set([...before.keys(), ...next.keys()])) {
    const a = before.get(id);
    const b = next.get(id);
    if (a === b || (a && b && a.length === b.length && a.every((p, i) => p === b[i]))) continue;
    listeners.notify(id);
  }
}

export function useBlockProblems(id: string): string[] | undefined {
  return listeners.useValue(id, () => current.get(id));
}

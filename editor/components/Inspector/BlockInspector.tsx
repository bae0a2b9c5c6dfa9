import { useEditor } from '../../lib/hooks.ts';
import { SelectionInspector } from './SelectionInspector.tsx';
import { SingleBlockInspector } from './SingleBlockInspector.tsx';

/** The selected block's form; with several blocks selected, a summary with their actions. */
export function BlockInspector() {
  const several = useEditor((s) => s.selection.length > 1);
  return several ? <SelectionInspector /> : <SingleBlockInspector />;
}

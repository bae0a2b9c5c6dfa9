import { useMemo } from 'react';
import { blockName, metaOf } from '../../lib/blocks.ts';
import { inDocumentOrder } from '../../lib/doc.ts';
import { useEditor, useStore } from '../../lib/hooks.ts';
import { BlockActions } from '../BlocksPanel/index.tsx';
import { SavePreset } from './SavePreset.tsx';

/** Several blocks selected: what they are, what can be done to all of them, and picking one to edit. */
export function SelectionInspector() {
  const store = useStore();
  const selection = useEditor((s) => s.selection);
  const resolved = useEditor((s) => s.resolved);
  const primary = useEditor((s) => s.selected);
  const listed = useMemo(() => {
    const picked = new Set(selection);
    return inDocumentOrder(resolved, selection).map((loc) => ({
      loc,
      inside: loc.ancestors.find((a) => picked.has(a)),
    }));
  }, [resolved, selection]);
  const names = listed.map(({ loc }) => blockName(loc.block));
  const covered = listed.filter((x) => x.inside).length;
  const primaryBlock = primary
    ? listed.find((x) => x.loc.block.id === primary)?.loc.block
    : undefined;
  return (
    <div className="fc-multi-inspector" data-selection-count={selection.length}>
      <header className="fc-inspector-head">
        <h2 className="fc-multi-summary">
          {selection.length} blocks selected
          <span className="fc-visually-hidden">:</span>{' '}
          <span className="fc-multi-names">
            {names.slice(0, 5).join(', ')}
            {names.length > 5 ? ', …' : ''}
          </span>
        </h2>
        {covered > 0 && (
          <p className="fc-muted">
            {covered === 1 ? '1 of them is' : `${covered} of them are`} inside another selected
            block and go{covered === 1 ? 'es' : ''} with it.
          </p>
        )}
        <BlockActions label="Actions on the selected blocks" />
        <SavePreset />
      </header>
      <h3 id="fc-multi-edit">Edit one of them</h3>
      <ul className="fc-multi-list" aria-labelledby="fc-multi-edit">
        {listed.map(({ loc, inside }) => (
          <li key={loc.block.id} className={inside ? 'is-covered' : undefined}>
            <button
              type="button"
              onClick={() => store.select(loc.block.id)}
              aria-label={`Edit ${blockName(loc.block)}${inside ? ` (inside ${inside})` : ''}`}
            >
              <strong>{metaOf(loc.block.type).label}</strong> <code>{loc.block.id}</code>
            </button>
          </li>
        ))}
      </ul>
      <p className="fc-muted">
        In the outline: Ctrl+click (⌘-click) adds or removes a block, Shift+click selects a range,
        Escape goes back to {primaryBlock ? blockName(primaryBlock) : 'one block'}.
      </p>
    </div>
  );
}

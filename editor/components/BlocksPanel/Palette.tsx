import { useDraggable } from '@dnd-kit/core';
import { memo, useMemo, useState, type PointerEventHandler } from 'react';
import { blockName, paletteGroups } from '../../lib/blocks.ts';
import { listLabel } from '../../lib/doc.ts';
import { useAnnounce, useStore } from '../../lib/hooks.ts';
import { paletteId } from './constants.ts';

/** The block types by category, searchable; each is added by click or dragged into the outline. */
export function Palette() {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => paletteGroups(query), [query]);
  return (
    <section className="fc-panel fc-palette" aria-labelledby="fc-palette-title">
      <div className="fc-panel-head">
        <h2 id="fc-palette-title">Add blocks</h2>
        <input
          type="search"
          className="fc-search"
          placeholder="Search blocks"
          aria-label="Search blocks"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className="fc-palette-groups">
        {groups.map((g) => (
          <div key={g.category} className="fc-palette-group" role="group" aria-label={g.category}>
            <h3>{g.category}</h3>
            <ul>
              {g.blocks.map((m) => (
                <li key={m.type}>
                  <PaletteItem type={m.type} label={m.label} description={m.description} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        {!groups.length && <p className="fc-muted">No block matches “{query}”.</p>}
      </div>
    </section>
  );
}

const PaletteItem = memo(function PaletteItem({
  type,
  label,
  description,
}: {
  type: string;
  label: string;
  description: string;
}) {
  const store = useStore();
  const announce = useAnnounce();
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(type) });
  const add = () => {
    const block = store.newBlock(type);
    const target = store.defaultTarget(type);
    const id = store.insert(block, target);
    if (id && target)
      announce(`Added ${blockName(block)} to ${listLabel(store.getState().resolved, target.ref)}.`);
    else announce(`A ${label} block cannot be added here.`);
  };
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`fc-palette-item${isDragging ? ' is-dragging' : ''}`}
      // Pointer only: Enter and space add the block (keyboard users add, then move it in the outline).
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      onClick={add}
      title={description}
      data-palette={type}
      aria-label={`Add ${label}`}
    >
      {label}
    </button>
  );
});

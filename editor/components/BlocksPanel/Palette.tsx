import { useDraggable } from '@dnd-kit/core';
import { memo, useEffect, useMemo, useRef, useState, type PointerEventHandler } from 'react';
import { blockName, paletteGroups } from '../../lib/blocks.ts';
import { listLabel } from '../../lib/doc.ts';
import { useAnnounce, useEditor, useStore } from '../../lib/hooks.ts';
import { paletteId } from './constants.ts';
import { PanelTitle, usePanelOpen } from '../PanelTitle.tsx';
import {
  matchingPresets,
  presetBlocks,
  sitePresets,
  type SectionPreset,
} from '../../lib/presets/index.ts';

export const PRESETS_GROUP = 'Section presets';
/** The mark of a preset saved for this site (beside the platform's). */
export const OWN_PRESET = 'this site';

/** The block types by category, searchable; each is added by click or dragged into the outline. */
export function Palette() {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => paletteGroups(query), [query]);
  const [open, toggle] = usePanelOpen('palette');
  return (
    <section
      className={`fc-panel fc-palette${open ? '' : ' is-collapsed'}`}
      aria-labelledby="fc-palette-title"
    >
      <div className="fc-panel-head">
        <PanelTitle id="fc-palette-title" open={open} onToggle={toggle} controls="fc-palette-body">
          Add blocks
        </PanelTitle>
        <input
          hidden={!open}
          type="search"
          className="fc-search"
          placeholder="Search blocks"
          aria-label="Search blocks"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className="fc-palette-groups" id="fc-palette-body" hidden={!open}>
        <PresetGroup query={query} />
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
        {!groups.length && !matchingPresets(query).length && (
          <p className="fc-muted">No block matches “{query}”.</p>
        )}
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

/** Section presets: several blocks added at once, as one undo step (lib/presets). */
function PresetGroup({ query }: { query: string }) {
  const store = useStore();
  const announce = useAnnounce();
  const saved = useEditor((s) => s.doc.presets);
  const presets = useMemo(
    () => matchingPresets(query, sitePresets({ presets: saved })),
    [query, saved],
  );
  const group = useRef<HTMLDivElement>(null);
  // After a removal, the element focus goes to, once the palette shows the change.
  const [focusNext, setFocusNext] = useState<string>();
  useEffect(() => {
    if (focusNext === undefined) return;
    setFocusNext(undefined);
    const next = focusNext && group.current?.querySelector<HTMLElement>(focusNext);
    (next || document.querySelector<HTMLElement>('.fc-palette .fc-search'))?.focus();
  }, [focusNext]);
  if (!presets.length) return null;
  const add = (preset: SectionPreset) => {
    const { ids, reason } = store.insertPreset(preset.label, presetBlocks(preset));
    announce(
      ids.length
        ? `Added preset ${preset.label}: ${ids.length} block${ids.length === 1 ? '' : 's'}.`
        : `Cannot add ${preset.label} here: ${reason ?? 'not allowed'}.`,
    );
  };
  const remove = (preset: SectionPreset, at: number) => {
    if (!store.removePreset(preset.id)) return;
    announce(PRESET_REMOVED(preset.label));
    // Focus stays in the group: on the preset that takes the removed one's place, else the
    // one before it, else (none left) the palette's search box.
    const near = presets[at + 1] ?? presets[at - 1];
    setFocusNext(near ? `[data-preset="${presetKey(near)}"]` : '');
  };
  return (
    <div className="fc-palette-group" role="group" aria-label={PRESETS_GROUP} ref={group}>
      <h3>{PRESETS_GROUP}</h3>
      <ul>
        {presets.map((p, at) => (
          <li key={presetKey(p)} className={p.own ? 'fc-preset-own-item' : undefined}>
            <button
              type="button"
              className="fc-palette-item fc-preset"
              onClick={() => add(p)}
              title={p.description}
              data-preset={presetKey(p)}
              aria-label={`Add preset ${p.label}${ownMark(p)}`}
            >
              {p.label}
              {p.own && (
                <>
                  {' '}
                  <small className="fc-preset-own">{OWN_PRESET}</small>
                </>
              )}
            </button>
            {p.own && (
              <button
                type="button"
                className="fc-preset-remove"
                onClick={() => remove(p, at)}
                title={`Remove this site's preset ${p.label} (Ctrl+Z brings it back)`}
                aria-label={`Remove preset ${p.label}${ownMark(p)}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A site's preset's name ends with the words its button shows ("Our welcome this site"), not
 * in brackets: axe leaves a bracketed part out when it checks a name holds what is shown.
 */
const ownMark = (p: SectionPreset) => (p.own ? `, ${OWN_PRESET}` : '');

/** The palette's mark of a preset: a site's own are `site:{id}`, as their ids may repeat the platform's. */
const presetKey = (p: SectionPreset) => (p.own ? `site:${p.id}` : p.id);

/** Said when a site's preset is removed: like a removed block, Ctrl+Z brings it back. */
export const PRESET_REMOVED = (label: string) =>
  `Removed preset ${label} from this site. Undo with Ctrl+Z.`;

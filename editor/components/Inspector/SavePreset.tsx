/**
 * "Save as preset" for the selection (one block or several; docs/editor-guide.md, "Adding
 * blocks from the palette"): a name, then the blocks with their settings are a preset of this
 * site, kept in its document (store/ops/save-preset.ts) and offered in the palette's Section
 * presets beside the platform's.
 */
import { useId, useState, type FormEvent } from 'react';
import { useAnnounce, useEditor, useStore } from '../../lib/hooks.ts';
import { PRESETS_GROUP } from '../BlocksPanel/Palette.tsx';

export const PRESET_WORDS = {
  open: 'Save as preset…',
  name: 'Preset name',
  save: 'Save preset',
  noName: 'Give the preset a name staff will recognise in the palette.',
  saved: (label: string, count: number) =>
    `Saved preset ${label} (${count} block${count === 1 ? '' : 's'}): it is in the palette's ${PRESETS_GROUP}, and goes with the site's next save.`,
};

export function SavePreset() {
  const store = useStore();
  const announce = useAnnounce();
  const count = useEditor((s) => s.selection.length);
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  if (!count) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem(PRESET_WORDS.noName);
    const saved = store.savePreset(name);
    if (!saved) return;
    setProblem(undefined);
    setName('');
    announce(PRESET_WORDS.saved(name.trim(), count));
  };
  return (
    <details className="fc-save-preset">
      <summary>{PRESET_WORDS.open}</summary>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`}>{PRESET_WORDS.name}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem && (
          <p id={`${id}-problem`} className="fc-error">
            {problem}
          </p>
        )}
        <button type="submit">{PRESET_WORDS.save}</button>
      </form>
    </details>
  );
}

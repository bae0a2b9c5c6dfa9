import { useCallback, useDeferredValue, useMemo } from 'react';
import { metaOf } from '../../lib/blocks.ts';
import { findBlockInView, withoutAddedDefaults } from '../../lib/doc.ts';
import { useAnnounce, useEditor, useIssues, useStore } from '../../lib/hooks.ts';
import { errorSchemaFor } from '../../lib/issues.ts';
import { blockForm } from '../../lib/schemas.ts';
import { duplicateWithFocus, removeWithFocus } from '../BlocksPanel/index.tsx';
import { SchemaForm } from '../SchemaForm.tsx';
import { useFormContext } from './useFormContext.ts';
import { useFieldHistoryKeys } from './useFieldHistoryKeys.ts';
import { useFormEcho } from './useFormEcho.ts';
import { SavePreset } from './SavePreset.tsx';

const NO_PROPS: Record<string, unknown> = {};

/** One block selected: its props form (generated from its schema), its problems and actions; nothing selected: how to start. */
export function SingleBlockInspector() {
  const store = useStore();
  const selected = useEditor((s) => s.selected);
  const block = useEditor((s) =>
    s.selected ? findBlockInView(s.resolved, s.selected, s.view)?.block : undefined,
  );
  const { byBlock } = useIssues();
  const context = useFormContext();
  const announce = useAnnounce();
  const historyKeys = useFieldHistoryKeys();
  const { shown: formValue, remember } = useFormEcho<Record<string, unknown>>(
    selected,
    block?.props ?? NO_PROPS,
  );
  // A newly selected block's form is built after the change that selected it has reached
  // the preview (a drop selects the dropped block; building its form first held the
  // preview up on the same thread: docs/editor-design.md, "Speed"). Same block: no delay.
  const formFor = useDeferredValue(selected);
  const blockIssues = selected ? byBlock.get(selected) : undefined;
  const errors = useMemo(
    () =>
      errorSchemaFor(
        (blockIssues ?? [])
          .filter((i) => i.target.kind === 'block')
          .map((i) => ({ field: (i.target as { field: string[] }).field, message: i.message })),
      ),
    [blockIssues],
  );
  const onChange = useCallback(
    (value: unknown) => {
      const { selected: id, resolved, view } = store.getState();
      if (!id) return;
      const current = findBlockInView(resolved, id, view)?.block;
      if (!current) return;
      const form = blockForm(current.type);
      const props = withoutAddedDefaults(value ?? {}, current.props ?? {}, form?.schema) as Record<
        string,
        unknown
      >;
      // The preview is told at once, the editor when the keys pause (the form field already
      // shows the key: typing-form.tsx): the outline row, the form's echo and the panels
      // re-rendering for it neither come before the preview's render of the key nor hold up
      // the next key (docs/editor-design.md, "Speed"). `remember` runs first, so the echo finds it.
      store.previewFirst(
        () => {
          store.setProps(id, props);
          remember(id, value, props);
        },
        undefined,
        { untilPause: true },
      );
    },
    [store, remember],
  );

  if (!selected || !block) {
    return (
      <div className="fc-empty">
        <p>Select a block in the outline or click it in the preview to edit it.</p>
        <p className="fc-muted">
          Shortcuts: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+C / Ctrl+X / Ctrl+V copy, cut
          and paste blocks, Ctrl+D duplicate, Delete remove. Ctrl+click or Shift+click in the
          outline selects several blocks (Ctrl+A all of them).
        </p>
      </div>
    );
  }
  const meta = metaOf(block.type);
  const form = blockForm(block.type);
  return (
    <div
      className="fc-block-inspector"
      data-block={block.id}
      onKeyDown={historyKeys}
      // Leaving a field ends its burst of typing: the rest of the editor catches up at once.
      onBlur={() => store.tellHeld()}
    >
      <header className="fc-inspector-head">
        <h2>
          {meta.label} <code>{block.id}</code>
        </h2>
        {meta.description && <p className="fc-muted">{meta.description}</p>}
        <div className="fc-actions">
          {/* The block shown is the selection: the same actions as the outline's toolbar (focus stays on the button while it is there). */}
          <button
            type="button"
            onClick={(e) => duplicateWithFocus(store, announce, { keep: e.currentTarget })}
          >
            Duplicate
          </button>
          <button
            type="button"
            onClick={(e) => removeWithFocus(store, announce, { keep: e.currentTarget })}
          >
            Remove
          </button>
          {/* Kept on the page, left out for visitors (docs/editor-design.md, "Hidden blocks"). */}
          <button
            type="button"
            aria-pressed={!!block.hidden}
            onClick={() => {
              store.setHidden([block.id], !block.hidden);
              announce(
                block.hidden
                  ? `${meta.label} ${block.id} is shown to visitors again.`
                  : `${meta.label} ${block.id} is hidden from visitors; it stays on the page, dimmed here.`,
              );
            }}
          >
            Hide from visitors
          </button>
        </div>
        <SavePreset />
      </header>
      {blockIssues?.some(
        (i) => i.target.kind === 'block' && !(i.target as { field: string[] }).field.length,
      ) && (
        <ul className="fc-inline-issues" role="list">
          {blockIssues
            .filter(
              (i) => i.target.kind === 'block' && !(i.target as { field: string[] }).field.length,
            )
            .map((i) => (
              <li key={i.path + i.message}>{i.message}</li>
            ))}
        </ul>
      )}
      {form ? (
        formFor === block.id ? (
          <SchemaForm
            key={block.id}
            form={form}
            value={formValue}
            onChange={onChange}
            errors={errors}
            context={context}
            label={`${meta.label} settings`}
            typedFirst
          />
        ) : (
          <p className="fc-muted" aria-busy="true">
            Opening its settings…
          </p>
        )
      ) : (
        <p className="fc-warning">
          This block type is not known to this version of the platform, so it cannot be edited here.
          Remove it or replace it.
        </p>
      )}
    </div>
  );
}

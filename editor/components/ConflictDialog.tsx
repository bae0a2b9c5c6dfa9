/**
 * Someone else saved the site since this editor opened it and changed some of the same
 * values (a 409 with `conflicts`, docs/publishing.md). Each conflict is shown with both
 * values side by side ("Yours" / "Saved by someone else") and what it was before; staff
 * choose one per conflict. Nothing is preselected: saving needs a choice for each, so
 * nobody's change is dropped unseen.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Conflict } from '../lib/api.ts';
import {
  conflictLabels,
  hasSide,
  showConflictValue,
  type Choice,
  type Choices,
} from '../lib/conflicts.ts';
import type { Doc, TemplateMap } from '../lib/doc.ts';
import { Dialog } from './Dialog.tsx';

function Value({
  conflict,
  side,
  id,
}: {
  conflict: Conflict;
  side: 'base' | 'mine' | 'theirs';
  id: string;
}) {
  if (!hasSide(conflict, side)) {
    return (
      <p id={id} className="fc-conflict-value is-absent">
        {side === 'base' ? '(not there)' : '(removed)'}
      </p>
    );
  }
  return (
    <pre id={id} className="fc-conflict-value" data-side={side}>
      {showConflictValue(conflict, side)}
    </pre>
  );
}

function ConflictChoice({
  conflict,
  label,
  index,
  choice,
  onChoose,
  formId,
}: {
  conflict: Conflict;
  label: string;
  index: number;
  choice?: Choice;
  onChoose: (c: Choice) => void;
  formId: string;
}) {
  const id = `${formId}-${index}`;
  const side = (value: Choice, label: string) => (
    <div className={`fc-conflict-side${choice === value ? ' is-chosen' : ''}`}>
      <div className="fc-conflict-pick">
        <input
          type="radio"
          id={`${id}-${value}`}
          name={`${id}-choice`}
          value={value}
          checked={choice === value}
          onChange={() => onChoose(value)}
          aria-describedby={`${id}-${value}-value`}
        />
        <label htmlFor={`${id}-${value}`}>{label}</label>
      </div>
      <Value conflict={conflict} side={value} id={`${id}-${value}-value`} />
    </div>
  );
  return (
    <fieldset className="fc-conflict" data-conflict={conflict.path} aria-describedby={`${id}-base`}>
      <legend>{label}</legend>
      <div className="fc-conflict-sides">
        {side('mine', 'Yours')}
        {side('theirs', 'Saved by someone else')}
      </div>
      <div className="fc-conflict-before">
        <span className="fc-muted">Before either change:</span>{' '}
        <Value conflict={conflict} side="base" id={`${id}-base`} />
      </div>
    </fieldset>
  );
}

export function ConflictDialog(props: {
  conflicts: Conflict[];
  /** The merge the conflicts' paths point into, and the templates: to name a template page's block changes in words. */
  document?: Doc;
  templates?: TemplateMap;
  from: 'save' | 'publish';
  busy: boolean;
  onResolve: (choices: Choices) => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const labels = useMemo(
    () => conflictLabels(props.conflicts, props.document, props.templates ?? {}),
    [props.conflicts, props.document, props.templates],
  );
  const form = useRef<HTMLFormElement>(null);
  const [choices, setChoices] = useState<Partial<Choices>>({});
  const [error, setError] = useState('');
  const n = props.conflicts.length;
  const missing = props.conflicts.filter((c) => !choices[c.path]);

  const chooseAll = (choice: Choice) => {
    setChoices(Object.fromEntries(props.conflicts.map((c) => [c.path, choice])));
    setError('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.busy) return;
    if (missing.length) {
      setError(`Choose which value to keep for ${missing.map((c) => labels.get(c)).join(', ')}.`);
      const index = props.conflicts.indexOf(missing[0]);
      form.current?.querySelector<HTMLInputElement>(`[name="${formId}-${index}-choice"]`)?.focus();
      return;
    }
    props.onResolve(choices as Choices);
  };

  return (
    <Dialog
      title={
        n === 1
          ? 'Someone else changed the same value'
          : `Someone else changed ${n} of the same values`
      }
      description={
        props.from === 'publish'
          ? 'Since this draft began, the published site changed values the draft changes too. Choose which value to keep for each; saving your choices updates the draft, then publish again.'
          : 'Since you opened this site, someone else saved it and changed values you changed too. Their other changes and yours are kept. Choose which value to keep for each below: nothing is saved until you do.'
      }
      onClose={props.onCancel}
      className="fc-conflicts"
      testId="conflict-dialog"
      actions={
        <>
          <button type="button" onClick={props.onCancel}>
            Cancel (keep editing)
          </button>
          <button type="submit" form={formId} className="fc-primary" disabled={props.busy}>
            {props.busy ? 'Saving…' : 'Save with these choices'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={form}
        onSubmit={submit}
        noValidate
        aria-label="Choose which values to keep"
      >
        {n > 1 && (
          <div className="fc-actions" role="group" aria-label="Choose for every value">
            <button type="button" onClick={() => chooseAll('mine')}>
              Keep all of yours
            </button>
            <button type="button" onClick={() => chooseAll('theirs')}>
              Keep all saved by someone else
            </button>
          </div>
        )}
        {props.conflicts.map((c, i) => (
          <ConflictChoice
            key={c.path}
            conflict={c}
            label={labels.get(c) ?? c.label}
            index={i}
            formId={formId}
            choice={choices[c.path]}
            onChoose={(choice) => {
              setChoices((prev) => ({ ...prev, [c.path]: choice }));
              setError('');
            }}
          />
        ))}
        <p className="fc-error" aria-live="assertive" aria-atomic="true" data-conflict-error>
          {error}
        </p>
        <p className="fc-muted" data-conflict-remaining>
          {missing.length ? `${missing.length} of ${n} still to choose.` : 'Every value chosen.'}
        </p>
      </form>
    </Dialog>
  );
}

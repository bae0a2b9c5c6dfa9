/** Lists that show their first entries with a Show More / Show Less toggle, and comments collapsed over 200 characters. */
import { useId, useState } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import { cutText, listView, toggleWords, type SpecRow } from './rules.ts';
import { COLLAPSED_LENGTH, COLLAPSE_OVER } from '../_shared/text.ts';

function Toggle({
  open,
  controls,
  onToggle,
  what,
}: {
  open: boolean;
  controls: string;
  onToggle(): void;
  what: string;
}) {
  const { site } = useSite();
  const words = toggleWords(site.features);
  return (
    <button
      type="button"
      className="fc-list-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? words.less : words.more}
      <span className="fc-visually-hidden"> {what}</span>
    </button>
  );
}

/** A definition list of specs: the first 4, then the toggle. */
export function SpecList({
  rows,
  what,
  preview,
}: {
  rows: SpecRow[];
  what: string;
  preview?: number;
}) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { shown, hasToggle } = listView(rows, open, preview);
  if (!rows.length) return null;
  return (
    <div className="fc-spec-list">
      <dl id={id}>
        {shown.map((r) => (
          <div key={r.label} className="fc-spec-list__row">
            <dt>{t(r.label)}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      {hasToggle && (
        <Toggle open={open} controls={id} onToggle={() => setOpen((v) => !v)} what={what} />
      )}
    </div>
  );
}

/** A bulleted list of features: the first 4, then the toggle. */
export function FeatureList({ items, what }: { items: string[]; what: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { shown, hasToggle } = listView(items, open);
  if (!items.length) return null;
  return (
    <div className="fc-feature-list">
      <ul id={id}>
        {shown.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {hasToggle && (
        <Toggle open={open} controls={id} onToggle={() => setOpen((v) => !v)} what={what} />
      )}
    </div>
  );
}

/**
 * Comment paragraphs, collapsed together when over 200 characters to about 160 with
 * View more / View less (docs/cars.md, "Car page"), like the platform's other long texts.
 */
export function CutParagraphs({
  paragraphs,
  over = COLLAPSE_OVER,
  collapsedLength = COLLAPSED_LENGTH,
}: {
  paragraphs: string[];
  over?: number;
  collapsedLength?: number;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const cut = paragraphs.join('\n').length > over;
  let shown = paragraphs;
  if (cut && !open) {
    shown = [];
    let left = collapsedLength;
    for (const p of paragraphs) {
      if (left <= 0) break;
      if (p.length <= left) shown.push(p);
      else shown.push(cutText(p, left).text);
      left -= p.length + 1;
    }
  }
  return (
    <div className="fc-cut-text">
      <div id={id}>
        {shown.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {cut && (
        <button
          type="button"
          className="fc-list-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'View less' : 'View more'}
        </button>
      )}
    </div>
  );
}

/**
 * Inside the preview iframe: editing a selected block's texts in place (docs/editor-design.md,
 * "The canvas"). Each text of the block found by inline-targets.ts gets a transparent button
 * over it ("Edit Heading of Hero hero here"): a click, Enter or Space opens an editor laid
 * exactly over the text (InlineEditors.tsx), and every change goes to the editor as an `edit`
 * message, which makes it the same change as typing in the block's form. When editing ends,
 * focus goes back to that button.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { blockName } from '../../lib/blocks.ts';
import { findBlock, type Doc } from '../../lib/doc.ts';
import { PREVIEW_SOURCE, type FromPreview } from '../../lib/protocol.ts';
import { PlainTextEditor, RichTextOverlay } from './InlineEditors.tsx';
import { inlineTargets, type InlineTarget } from './inline-targets.ts';
import { blockElement } from './measure.ts';

function post(msg: FromPreview) {
  window.parent.postMessage(msg, location.origin);
}

export const spotKey = (path: Array<string | number>) => path.join('.');

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** An element's box in the document (scroll included). */
function boxIn(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
}

export interface Editing extends InlineTarget {
  blockId: string;
  name: string;
}

export function InlineEditing({
  site,
  blockId,
}: {
  site: Doc | undefined;
  blockId: string | undefined;
}) {
  const [editing, setEditing] = useState<Editing>();
  const [tick, force] = useState(0);
  const [targets, setTargets] = useState<Array<InlineTarget & { box: Box }>>([]);
  useEffect(() => {
    const onChange = () => force((n) => n + 1);
    window.addEventListener('fc-preview-rendered', onChange);
    window.addEventListener('resize', onChange);
    return () => {
      window.removeEventListener('fc-preview-rendered', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, []);
  // Another block selected (in the outline, say): what was being edited is done.
  useEffect(() => {
    if (editing && editing.blockId !== blockId) setEditing(undefined);
  }, [blockId, editing]);

  const block = blockId && site ? findBlock(site, blockId)?.block : undefined;
  const name = block ? blockName({ type: String(block.type), id: String(block.id) }) : '';
  // Measured once the preview has committed (the texts are matched against what it shows),
  // never while rendering: reading a box then forces a layout of the whole page before the
  // new DOM is even there, on every keystroke (docs/editor-design.md, "Speed").
  useLayoutEffect(() => {
    const wrapper = blockId ? blockElement(blockId) : null;
    const found = block && wrapper ? inlineTargets(wrapper, String(block.type), block.props) : [];
    setTargets(found.map((t) => ({ ...t, box: boxIn(t.el) })));
  }, [block, blockId, tick]);

  const send = (path: Array<string | number>, value: string | undefined) => {
    if (blockId) post({ source: PREVIEW_SOURCE, type: 'edit', blockId, path, value });
  };
  const done = (key: string, returnFocus: boolean) => {
    setEditing(undefined);
    if (!returnFocus) return;
    // The text's button may be measured again first (the edit re-rendered the block).
    let tries = 0;
    const attempt = () => {
      const spot = document.querySelector<HTMLElement>(
        `[data-inline-prop="${CSS.escape(key)}"]:not(.is-open)`,
      );
      if (spot) spot.focus();
      else if (tries++ < 30) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  };

  return (
    <>
      {blockId &&
        targets.map((t) => {
          const key = spotKey(t.path);
          const r = t.box;
          if (!r.width && !r.height) return null;
          const open = editing?.blockId === blockId && spotKey(editing.path) === key;
          return (
            <button
              key={key}
              type="button"
              className={`fc-inline-spot${open ? ' is-open' : ''}`}
              data-inline-prop={key}
              data-inline-kind={t.kind}
              aria-label={`Edit ${t.label} of ${name} here`}
              title={`Edit ${t.label} here`}
              style={{ top: r.top, left: r.left, width: r.width, height: r.height }}
              onClick={(e) => {
                if (e.ctrlKey || e.metaKey)
                  post({ source: PREVIEW_SOURCE, type: 'select', blockId, toggle: true });
                else setEditing({ ...t, blockId, name });
              }}
            />
          );
        })}
      {editing?.kind === 'text' && (
        <PlainTextEditor
          key={spotKey(editing.path)}
          editing={editing}
          onChange={(v) => send(editing.path, v)}
          onDone={(focus) => done(spotKey(editing.path), focus)}
        />
      )}
      {editing?.kind === 'html' && (
        <RichTextOverlay
          key={spotKey(editing.path)}
          editing={editing}
          onChange={(v) => send(editing.path, v)}
          onDone={(focus) => done(spotKey(editing.path), focus)}
        />
      )}
    </>
  );
}

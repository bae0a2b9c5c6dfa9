/**
 * Inside the preview iframe: answers the editor while a palette block is dragged over the
 * canvas (docs/editor-design.md, "The canvas"). Each `drag` message carries the pointer in this
 * viewport; the place is measured here (canvas-levels.ts, drop-position.ts), shown as a
 * line with what it means, and sent back (`drop-place`, or `drop` on release: the editor
 * inserts the block through its store, so undo and the outline follow).
 */
import { useEffect, useRef, useState } from 'react';
import { metaOf } from '../../lib/blocks.ts';
import { canContain, listLabel, type Area, type Doc, type ListRef } from '../../lib/doc.ts';
import {
  isToPreview,
  PREVIEW_SOURCE,
  type CanvasPlace,
  type FromPreview,
} from '../../lib/protocol.ts';
import { dropLevels } from './canvas-levels.ts';
import { dropPosition, type DropPlace } from './drop-position.ts';

/** How near the frame's top or bottom edge (px) a drag scrolls the page, and by how much per move. */
const SCROLL_EDGE = 48;
const SCROLL_STEP = 24;

/** Why a list outside the editor's view takes no drop: the outline shows one view at a time. */
const OTHER_VIEW = (area: Area) =>
  area.startsWith('page:')
    ? "the page's blocks are edited with the page open (pick it under Pages)"
    : 'the header and footer are edited with "Header and footer" open';

function post(msg: FromPreview) {
  window.parent.postMessage(msg, location.origin);
}

export function placeFor(
  site: Doc,
  point: { x: number; y: number },
  type: string,
  areas: readonly Area[],
): DropPlace | undefined {
  const allowed = (ref: ListRef) =>
    areas.includes(ref.area)
      ? canContain(site, ref, type)
      : { ok: false, reason: OTHER_VIEW(ref.area) };
  return dropPosition(point, dropLevels(site, point, areas), allowed);
}

const summary = (p: DropPlace | undefined): CanvasPlace | undefined =>
  p && { ref: p.ref, index: p.index, ok: p.ok, ...(p.reason ? { reason: p.reason } : {}) };

export function CanvasDrop({ site }: { site: Doc | undefined }) {
  const [shown, setShown] = useState<{ place: DropPlace; type: string }>();
  const siteRef = useRef(site);
  siteRef.current = site;
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (
        e.origin !== location.origin ||
        e.source !== window.parent ||
        !isToPreview(e.data) ||
        e.data.type !== 'drag'
      )
        return;
      const msg = e.data;
      const current = siteRef.current;
      if (msg.phase === 'leave' || !current) {
        setShown(undefined);
        return;
      }
      if (msg.phase === 'over') {
        if (msg.y < SCROLL_EDGE) window.scrollBy(0, -SCROLL_STEP);
        else if (msg.y > innerHeight - SCROLL_EDGE) window.scrollBy(0, SCROLL_STEP);
      }
      const place = placeFor(current, msg, msg.blockType, msg.areas);
      if (msg.phase === 'drop') {
        setShown(undefined);
        post({
          source: PREVIEW_SOURCE,
          type: 'drop',
          blockType: msg.blockType,
          place: summary(place),
        });
      } else {
        setShown(place && { place, type: msg.blockType });
        post({ source: PREVIEW_SOURCE, type: 'drop-place', place: summary(place) });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  if (!shown || !site) return null;
  const { place, type } = shown;
  const across = place.line.height > 0;
  return (
    <div
      className={`fc-editor-drop${place.ok ? '' : ' is-refused'}${across ? ' is-across' : ''}`}
      data-drop-list={`${place.ref.parent ?? place.ref.area}${place.ref.slot ? `/${place.ref.slot}` : ''}`}
      data-drop-index={place.index}
      style={{
        top: place.line.top,
        left: place.line.left,
        width: across ? undefined : place.line.width,
        height: across ? place.line.height : undefined,
      }}
      aria-hidden="true"
    >
      <span>
        {place.ok
          ? `${metaOf(type).label} → ${listLabel(site, place.ref)}`
          : `Cannot go here: ${place.reason}`}
      </span>
    </div>
  );
}

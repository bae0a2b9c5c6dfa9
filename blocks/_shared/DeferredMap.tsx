/**
 * A map whose code stays off the page (docs/render.md, "Maps kept from the server"). StaticMap
 * draws from its props alone, so the SVG the server sent is the one the browser would draw:
 * while a page hydrates, the map's element keeps it (an empty `dangerouslySetInnerHTML`, which
 * React leaves as the server sent it) and StaticMap's code is not loaded at all. Without the
 * server's SVG (client-side navigation, the editor), StaticMap draws it, its code loaded first
 * (the block's `load` has usually done that).
 */
import { useEffect, useId, useState } from 'react';
import type { StaticMapProps } from './StaticMap.tsx';
import { loadedStaticMap, loadStaticMap } from './static-map-code.ts';
// With the page, not with StaticMap's code: the server's SVG is styled before that code comes.
import './static-map.css';

export function DeferredMap(props: StaticMapProps) {
  const id = useId();
  const [Map, setMap] = useState(loadedStaticMap);
  // The server's SVG is kept for the props it was drawn with; other props are drawn anew.
  const drawnFor = JSON.stringify(props);
  const [serverDrew] = useState(() =>
    !Map && typeof document !== 'undefined' && document.getElementById(id)?.firstChild
      ? drawnFor
      : undefined,
  );
  const kept = serverDrew === drawnFor;
  useEffect(() => {
    if (!Map && !kept)
      loadStaticMap().then(
        (loaded) => setMap(() => loaded),
        // Not loaded (offline): the place stays empty; the cards beside it say where.
        () => {},
      );
  }, [Map, kept]);
  if (Map && !kept)
    return (
      <div id={id} className="fc-static-map-slot">
        <Map {...props} />
      </div>
    );
  return (
    <div
      id={id}
      className="fc-static-map-slot"
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}

/**
 * The preview's toolbar: which device width the page is laid out at (true widths:
 * scale.ts), zoom to fit or 100 %, and what the preview shows now (with the scale).
 * The choice is remembered in this browser.
 */
import type { ReactNode } from 'react';
import { DEVICES, scaleLabel, type Zoom } from './scale.ts';

export type DeviceId = (typeof DEVICES)[number]['id'] | 'full';

export const VIEW_KEY = 'forecourt:editor:preview-view';

export interface PreviewView {
  device: DeviceId;
  zoom: Zoom;
}

export function readView(): PreviewView {
  try {
    const v = JSON.parse(localStorage.getItem(VIEW_KEY) ?? '{}') as Partial<PreviewView>;
    const device =
      v.device === 'full' || DEVICES.some((d) => d.id === v.device)
        ? (v.device as DeviceId)
        : 'laptop';
    return { device, zoom: v.zoom === 'actual' ? 'actual' : 'fit' };
  } catch {
    return { device: 'laptop', zoom: 'fit' };
  }
}

export function saveView(view: PreviewView) {
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify(view));
  } catch {
    // Not remembered: the editor opens at its default next time.
  }
}

export function DeviceBar({
  view,
  onView,
  scale,
  children,
}: {
  view: PreviewView;
  onView: (v: PreviewView) => void;
  scale: number;
  children: ReactNode;
}) {
  const fixed = view.device !== 'full';
  return (
    <div className="fc-preview-bar">
      <div className="fc-actions" role="toolbar" aria-label="Preview device">
        {DEVICES.map((d) => (
          <button
            key={d.id}
            type="button"
            aria-pressed={view.device === d.id}
            data-device={d.id}
            onClick={() => onView({ ...view, device: d.id })}
          >
            {d.label} <span className="fc-muted">{d.width}</span>
          </button>
        ))}
        <button
          type="button"
          aria-pressed={view.device === 'full'}
          data-device="full"
          onClick={() => onView({ ...view, device: 'full' })}
        >
          Pane width
        </button>
      </div>
      <div className="fc-actions" role="toolbar" aria-label="Preview zoom">
        <button
          type="button"
          aria-pressed={view.zoom === 'fit'}
          disabled={!fixed}
          onClick={() => onView({ ...view, zoom: 'fit' })}
        >
          Fit
        </button>
        <button
          type="button"
          aria-pressed={view.zoom === 'actual'}
          disabled={!fixed}
          onClick={() => onView({ ...view, zoom: 'actual' })}
        >
          100 %
        </button>
        <output
          className="fc-preview-scale"
          aria-label="Preview scale"
          data-preview-scale={scale.toFixed(3)}
        >
          {scaleLabel(scale)}
        </output>
      </div>
      {children}
    </div>
  );
}

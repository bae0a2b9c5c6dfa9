/**
 * A map drawn from latitude/longitude alone: no tiles, no network, no script. The
 * locations are projected with Web Mercator (the projection of web map tiles) at zoom
 * 10 by default; when they do not all fit, the zoom steps out until they do. The
 * background is a plain grid aligned to the tile grid (no coastlines or roads), each
 * location gets a pin with its label, and a scale bar shows km or miles.
 *
 * Everything is computed from the props, so the server and the browser draw the same
 * SVG (no hydration differences).
 */
import { useId } from 'react';
import './static-map.css';

export interface MapPoint {
  id: string | number;
  lat: number;
  long: number;
  label: string;
  /** Longer text for screen readers (e.g. the address). */
  description?: string;
}

export interface StaticMapProps {
  points: readonly MapPoint[];
  /** Web Mercator zoom level; lowered automatically until every point fits. Default 10. */
  zoom?: number;
  width?: number;
  height?: number;
  /** Accessible name of the map. */
  label?: string;
  unit?: 'kilometer' | 'mile';
  className?: string;
}

export const DEFAULT_ZOOM = 10;
const TILE = 256;
const MAX_LAT = 85.05112878;
const PAD_X = 90;
const PAD_Y = 48;
const LABEL_FONT = 13;
const LABEL_LINE = 18;
const GRID = 64;

/** World pixel coordinates of a point at a zoom level (Web Mercator, 256-px tiles). */
export function project(lat: number, long: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((long + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * scale,
  };
}

/** Metres per pixel at a latitude and zoom level. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (156543.03392 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

/** The highest zoom, at most `zoom`, at which every point fits inside the padded frame. */
export function fitZoom(
  points: readonly { lat: number; long: number }[],
  width: number,
  height: number,
  zoom = DEFAULT_ZOOM,
): number {
  let z = Math.max(0, Math.min(20, Math.round(zoom)));
  if (points.length < 2) return z;
  for (; z > 1; z--) {
    const xs = points.map((p) => project(p.lat, p.long, z));
    const spanX = Math.max(...xs.map((p) => p.x)) - Math.min(...xs.map((p) => p.x));
    const spanY = Math.max(...xs.map((p) => p.y)) - Math.min(...xs.map((p) => p.y));
    if (spanX <= width - 2 * PAD_X && spanY <= height - 2 * PAD_Y) break;
  }
  return z;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

interface PlacedLabel {
  x: number;
  y: number;
  anchor: 'start' | 'end';
  text: string;
}

/** Places labels beside their pins, moving a label down while it overlaps one placed before. */
function placeLabels(
  pins: { x: number; y: number; label: string }[],
  width: number,
): PlacedLabel[] {
  const boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
  return pins.map((pin) => {
    const textWidth = pin.label.length * LABEL_FONT * 0.58;
    const right = pin.x + 14 + textWidth <= width - 4;
    const anchor: 'start' | 'end' = right ? 'start' : 'end';
    const x = right ? pin.x + 14 : pin.x - 14;
    let y = pin.y - 14;
    const box = () => ({
      x0: right ? x : x - textWidth,
      x1: right ? x + textWidth : x,
      y0: y - LABEL_FONT,
      y1: y + 4,
    });
    for (let i = 0; i < 8 && boxes.some((b) => overlaps(b, box())); i++) y += LABEL_LINE;
    boxes.push(box());
    return { x: r1(x), y: r1(y), anchor, text: pin.label };
  });
}

const overlaps = (a: { x0: number; x1: number; y0: number; y1: number }, b: typeof a) =>
  a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

const NICE = [1, 2, 5];
function scaleBar(
  lat: number,
  zoom: number,
  unit: 'kilometer' | 'mile',
  maxPx = 120,
): { px: number; text: string } {
  const metresPerUnit = unit === 'mile' ? 1609.344 : 1000;
  const unitsPerPx = metresPerPixel(lat, zoom) / metresPerUnit;
  const maxUnits = unitsPerPx * maxPx;
  let best = 0;
  for (let exp = -2; exp <= 4; exp++) {
    for (const n of NICE) {
      const v = n * 10 ** exp;
      if (v <= maxUnits) best = v;
    }
  }
  if (!best) best = maxUnits;
  const value = Number(best.toPrecision(3));
  return { px: r1(value / unitsPerPx), text: `${value} ${unit === 'mile' ? 'mi' : 'km'}` };
}

export function StaticMap({
  points,
  zoom = DEFAULT_ZOOM,
  width = 640,
  height = 400,
  label = 'Map',
  unit = 'kilometer',
  className,
}: StaticMapProps) {
  const id = useId();
  const valid = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.long));
  if (!valid.length) return null;
  const z = fitZoom(valid, width, height, zoom);
  const projected = valid.map((p) => ({ ...project(p.lat, p.long, z), point: p }));
  const minX = Math.min(...projected.map((p) => p.x));
  const maxX = Math.max(...projected.map((p) => p.x));
  const minY = Math.min(...projected.map((p) => p.y));
  const maxY = Math.max(...projected.map((p) => p.y));
  // Top-left corner of the view in world pixels (the view is centred on the points).
  const left = (minX + maxX) / 2 - width / 2;
  const top = (minY + maxY) / 2 - height / 2;
  const pins = projected
    .map((p) => ({ x: p.x - left, y: p.y - top, label: p.point.label, point: p.point }))
    // Southern pins are drawn last so they sit in front of northern ones.
    .sort((a, b) => a.y - b.y);
  const labels = placeLabels(pins, width);

  const gridX: number[] = [];
  for (let gx = Math.ceil(left / GRID) * GRID; gx <= left + width; gx += GRID)
    gridX.push(r1(gx - left));
  const gridY: number[] = [];
  for (let gy = Math.ceil(top / GRID) * GRID; gy <= top + height; gy += GRID)
    gridY.push(r1(gy - top));
  const centreLat = valid.reduce((s, p) => s + p.lat, 0) / valid.length;
  const scale = scaleBar(centreLat, z, unit);

  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const description = valid
    .map((p) => (p.description ? `${p.label}: ${p.description}` : p.label))
    .join('; ');

  return (
    <svg
      className={`fc-static-map${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-zoom={z}
      preserveAspectRatio="xMidYMid slice"
    >
      <title id={titleId}>{label}</title>
      <desc
        id={descId}
      >{`${valid.length === 1 ? 'One location' : `${valid.length} locations`}: ${description}`}</desc>
      <rect
        className="fc-static-map__land"
        x="0"
        y="0"
        width={width}
        height={height}
        fill="#eef1f4"
      />
      <g className="fc-static-map__grid" aria-hidden="true" stroke="#d3dae2">
        {gridX.map((x) => (
          <line key={`x${x}`} x1={x} y1={0} x2={x} y2={height} />
        ))}
        {gridY.map((y) => (
          <line key={`y${y}`} x1={0} y1={y} x2={width} y2={y} />
        ))}
      </g>
      <g className="fc-static-map__pins" aria-hidden="true">
        {pins.map((pin) => (
          <g
            key={pin.point.id}
            className="fc-static-map__pin"
            transform={`translate(${r1(pin.x)} ${r1(pin.y)})`}
            data-point={pin.point.id}
          >
            <path
              d="M0 0C-2-6-10-10-10-18a10 10 0 1 1 20 0C10-10 2-6 0 0z"
              fill="#1f3a93"
              stroke="#fff"
              strokeWidth="2"
            />
            <circle cx="0" cy="-18" r="4" fill="#fff" />
          </g>
        ))}
      </g>
      <g
        className="fc-static-map__labels"
        aria-hidden="true"
        fill="#1b1b1f"
        fontSize="13"
        fontWeight="600"
        fontFamily="system-ui, sans-serif"
      >
        {labels.map((l, i) => (
          <text key={i} x={l.x} y={l.y} textAnchor={l.anchor}>
            {l.text}
          </text>
        ))}
      </g>
      <g
        className="fc-static-map__scale"
        aria-hidden="true"
        transform={`translate(12 ${height - 14})`}
      >
        <rect
          x="-6"
          y="-22"
          width={scale.px + 12}
          height="30"
          rx="3"
          fill="#fff"
          fillOpacity="0.85"
        />
        <path d={`M0 -6v6h${scale.px}v-6`} fill="none" stroke="#1b1b1f" strokeWidth="2" />
        <text
          x={scale.px / 2}
          y="-9"
          textAnchor="middle"
          fill="#1b1b1f"
          fontSize="12"
          fontFamily="system-ui, sans-serif"
        >
          {scale.text}
        </text>
      </g>
    </svg>
  );
}

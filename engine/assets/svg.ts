/**
 * Images drawn by the platform itself (no network, no stock photos): make wordmarks,
 * site initials (favicons), model silhouettes by body type and payment-method marks. Deterministic: the
 * same name always draws the same picture.
 */
import escape from 'lodash-es/escape.js';

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const PALETTE = [
  '#1f3a93',
  '#b3261e',
  '#0b6e4f',
  '#6d28d9',
  '#b45309',
  '#0e7490',
  '#374151',
  '#be185d',
];

/** A round badge with a name's initials, like a small enamel logo (a site's favicon). */
export function logoSvg(name: string): string {
  const colour = PALETTE[hash(name) % PALETTE.length];
  const initials = name
    .split(/[\s-]+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escape(name)} logo"><circle cx="60" cy="60" r="56" fill="${colour}"/><circle cx="60" cy="60" r="48" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/><text x="60" y="${initials.length > 2 ? 70 : 73}" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${initials.length > 2 ? 30 : 38}" fill="#fff" text-anchor="middle">${escape(initials)}</text></svg>`;
}

/** Rough width of a bold sans-serif letter, as a share of the font size (to fit a name). */
const LETTER_WIDTH = 0.72;

/**
 * A make's wordmark badge: its name in bold capitals on a rounded badge of the make's colour,
 * split over two lines when long ("LAND / ROVER"), each line fitted to the badge. Generated,
 * so no trademark artwork is shipped (docs/content-blocks.md, "Make logos").
 */
export function makeLogoSvg(name: string): string {
  const colour = PALETTE[hash(name) % PALETTE.length];
  const words = name
    .toUpperCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const lines =
    words.length > 1 && name.length > 8
      ? [
          words.slice(0, Math.ceil(words.length / 2)).join(' '),
          words.slice(Math.ceil(words.length / 2)).join(' '),
        ]
      : [words.join(' ')];
  const inner = 84;
  const size = Math.min(
    30,
    ...lines.map((l) => inner / (l.length * LETTER_WIDTH)),
    lines.length > 1 ? 24 : 30,
  );
  const gap = size * 1.1;
  const first = 60 - ((lines.length - 1) * gap) / 2 + size * 0.36;
  const text = lines
    .map((line, i) => {
      const fit =
        line.length * LETTER_WIDTH * size > inner
          ? ` textLength="${inner}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="60" y="${(first + i * gap).toFixed(1)}"${fit} font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size.toFixed(1)}" fill="#fff" text-anchor="middle">${escape(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escape(name)}"><title>${escape(name)}</title><rect x="2" y="22" width="116" height="76" rx="38" fill="${colour}"/><rect x="7" y="27" width="106" height="66" rx="33" fill="none" stroke="#fff" stroke-width="2" opacity=".55"/>${text}</svg>`;
}

const BODY_PATHS: Record<string, string> = {
  // Side profiles on a 320×140 canvas: body outline only; wheels are added separately.
  sedan: 'M20 95 L40 70 L95 62 L130 38 L205 36 L245 60 L295 68 L305 95 Z',
  hatch: 'M20 95 L38 68 L90 60 L125 34 L215 34 L262 70 L300 74 L304 95 Z',
  suv: 'M18 96 L24 60 L80 54 L108 26 L232 26 L272 56 L300 62 L304 96 Z',
  ute: 'M16 96 L22 62 L70 56 L96 28 L170 28 L186 58 L300 58 L304 96 Z',
  van: 'M16 96 L20 40 L60 22 L290 22 L300 40 L304 96 Z',
  coupe: 'M18 95 L44 72 L110 62 L150 40 L210 40 L262 66 L300 72 L304 95 Z',
  peopleMover: 'M16 96 L22 52 L70 40 L100 24 L270 24 L296 50 L304 96 Z',
  bus: 'M14 98 L14 30 L30 18 L300 18 L306 30 L306 98 Z',
  cabChassis: 'M14 96 L18 56 L56 50 L76 24 L130 24 L140 60 L306 60 L306 96 Z',
  motorcycle: 'M60 92 L110 60 L160 56 L190 40 L230 60 L260 92 Z',
  caravan: 'M20 96 L20 30 L40 14 L280 14 L300 30 L300 96 Z',
};

/** A clean studio-style silhouette of a vehicle of the given body type and colour. */
export function vehicleSvg(opts: {
  body: string;
  colour: string;
  label?: string;
  width?: number;
  height?: number;
}): string {
  const path = BODY_PATHS[opts.body] ?? BODY_PATHS.sedan;
  const w = opts.width ?? 640;
  const h = opts.height ?? Math.round((w * 3) / 4);
  const wheels =
    opts.body === 'caravan' ? [160] : opts.body === 'motorcycle' ? [70, 250] : [80, 245];
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="98" r="22" fill="#1f2329"/><circle cx="${x}" cy="98" r="10" fill="#c9ced6"/>`;
  const label = opts.label
    ? `<text x="160" y="138" font-family="Arial,sans-serif" font-size="11" fill="#5b6270" text-anchor="middle">${escape(opts.label)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -10 320 160" width="${w}" height="${h}" preserveAspectRatio="xMidYMid meet" role="img" aria-label="${escape(
    opts.label ?? opts.body,
  )}"><rect x="0" y="-10" width="320" height="160" fill="#eef1f5"/><ellipse cx="160" cy="120" rx="150" ry="8" fill="#d5dae2"/><path d="${path}" fill="${escape(
    opts.colour,
  )}" stroke="#11151a" stroke-width="2" stroke-linejoin="round"/><path d="${path}" fill="url(#g)" opacity=".35"/><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient></defs>${wheels
    .map(wheel)
    .join('')}${label}</svg>`;
}

const PAYMENT: Record<string, { label: string; draw: string }> = {
  mastercard: {
    label: 'Mastercard',
    draw: '<circle cx="40" cy="24" r="15" fill="#eb001b"/><circle cx="58" cy="24" r="15" fill="#f79e1b" opacity=".9"/>',
  },
  visa: {
    label: 'Visa',
    draw: '<text x="49" y="32" font-family="Arial,sans-serif" font-style="italic" font-weight="700" font-size="22" fill="#1a1f71" text-anchor="middle">VISA</text>',
  },
  maestro: {
    label: 'Maestro',
    draw: '<circle cx="40" cy="24" r="15" fill="#0099df"/><circle cx="58" cy="24" r="15" fill="#e00" opacity=".85"/>',
  },
  'google-pay': {
    label: 'Google Pay',
    draw: '<text x="49" y="30" font-family="Arial,sans-serif" font-weight="700" font-size="15" fill="#3c4043" text-anchor="middle">G Pay</text>',
  },
  'apple-pay': {
    label: 'Apple Pay',
    // An apple drawn as a path (the font character Apple uses for its mark exists only on
    // Apple systems: elsewhere the logo read "Pay"), then the word.
    draw:
      '<path d="M34.6 24.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9c-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.6 1.2-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.6-1-2.6-4.3z" fill="#000"/>' +
      '<path d="M32.1 17c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" fill="#000"/>' +
      '<text x="40" y="31.5" font-family="Arial,Helvetica,sans-serif" font-weight="600" font-size="16" fill="#000">Pay</text>',
  },
};
export const PAYMENT_METHODS = Object.keys(PAYMENT);

export function paymentSvg(method: string): string | undefined {
  const p = PAYMENT[method];
  if (!p) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 98 48" width="98" height="48" role="img" aria-label="${p.label}"><title>${p.label}</title><rect x="1" y="1" width="96" height="46" rx="6" fill="#fff" stroke="#d0d4da"/>${p.draw}</svg>`;
}

/**
 * What an uploaded image must be before it joins a site's assets (docs/editor-design.md, "Asset
 * library"): a PNG, JPEG or WebP by its bytes (the name and the declared type are not
 * believed), decoded once and stored without metadata (photo-pipeline.ts), or an SVG cleaned
 * of anything active; no larger than MAX_ASSET_BYTES; stored under a plain, content-addressed
 * name that carries a photo's dominant colour (photo-ladder.ts). Node only (SVGs are cleaned in the sanitiser
 * worker, engine/sanitize/purify-client.ts, so the server's thread never loads jsdom).
 */
import { createHash } from 'node:crypto';
import { purifyAsync } from '../sanitize/purify-client.ts';
import { ASSET_TYPES, MAX_ASSET_BYTES, MESSAGES, type AssetExt } from './asset-rules.ts';
import { PhotoRefused, storePhoto } from './photo-pipeline.ts';

export { MAX_ASSET_BYTES, MESSAGES };

export class AssetRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** The image type by the file's first bytes (magic numbers), or undefined. */
export function sniffType(bytes: Uint8Array): AssetExt | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}

// An XML declaration, comments and a DOCTYPE without an internal subset (entities are refused), then <svg.
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^[>]*>)\s*)*<svg[\s>/]/i;

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return SVG_START.test(head);
}

/**
 * The SVG with scripts, event handlers, foreign content and links to anything outside the
 * file removed (engine/sanitize/svg-rules.ts, run in the sanitiser worker; only `#fragment`
 * references stay), plus what was removed, for the editor to say so.
 */
export async function cleanSvg(text: string): Promise<{ svg: string; removed: string[] }> {
  const { clean, removed } = await purifyAsync('svg', text);
  const start = clean.search(/<svg[\s>/]/i);
  if (start < 0) throw new AssetRefused(422, MESSAGES.badSvg);
  let svg = clean.slice(start).trim();
  // Served on its own (not inline in HTML), an SVG needs its namespace to display.
  if (!/^<svg[^>]*\sxmlns=/i.test(svg))
    svg = svg.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return { svg, removed };
}

/** A plain, short name from the uploaded file's name ("Front of Showroom.JPG" → "front-of-showroom"). */
export function plainBaseName(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'image';
}

export interface CheckedAsset {
  name: string;
  type: string;
  bytes: Buffer;
  /** What was taken out of an SVG (empty for other images). */
  removed: string[];
}

/** The upload as it will be stored, or an AssetRefused saying why not. */
export async function checkAsset(body: Buffer, fileName: string): Promise<CheckedAsset> {
  if (!body.length) throw new AssetRefused(422, MESSAGES.empty);
  if (body.length > MAX_ASSET_BYTES) throw new AssetRefused(413, MESSAGES.tooLarge);
  const ext = sniffType(body);
  if (!ext) throw new AssetRefused(415, MESSAGES.unknownType);
  let bytes = body;
  let removed: string[] = [];
  let colour = '';
  if (ext === 'svg') {
    const cleaned = await cleanSvg(body.toString('utf8'));
    bytes = Buffer.from(cleaned.svg, 'utf8');
    removed = cleaned.removed;
  } else {
    try {
      const photo = await storePhoto(body, ext, fileName);
      bytes = photo.bytes;
      colour = `-c${photo.colour}`;
    } catch (err) {
      if (err instanceof PhotoRefused) throw new AssetRefused(err.status, err.message);
      throw err;
    }
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return {
    name: `${plainBaseName(fileName)}-${hash}${colour}.${ext}`,
    type: ASSET_TYPES[ext],
    bytes,
    removed,
  };
}

/**
 * Structural sharing by value: a new document that keeps every part equal to the old one as
 * the old object, so what compares by identity (memoised blocks in the preview, the store's
 * fast path to the preview, per-object caches) sees only what really changed
 * (docs/editor-design.md, "Speed").
 */

type Json = Record<string, unknown>;

/** A plain object, told apart fast: lodash's isPlainObject was most of shareEqual's time on a 1,000-block page. */
const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Keeps unchanged parts of the new document identical to the old (so blocks can skip re-rendering). */
export function shareEqual<T>(prev: unknown, next: T): T {
  if (prev === next) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    // Items with ids (blocks) are matched by id, so a block moved or with one added before it is still shared.
    const ids =
      next.length && next.every(hasId)
        ? new Map(prev.filter(hasId).map((p) => [p.id, p]))
        : undefined;
    const out = next.map((n, i) =>
      shareEqual(ids ? ids.get((n as { id: string | number }).id) : prev[i], n),
    );
    return (out.length === prev.length && out.every((v, i) => v === prev[i]) ? prev : out) as T;
  }
  if (isRecord(prev) && isRecord(next)) {
    const p = prev as Json;
    const n = next as Json;
    const keys = Object.keys(n);
    const out: Json = {};
    let same = keys.length === Object.keys(p).length;
    for (const k of keys) {
      out[k] = shareEqual(p[k], n[k]);
      if (out[k] !== p[k]) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}

const hasId = (v: unknown): v is { id: string | number } =>
  isRecord(v) && (typeof (v as Json).id === 'string' || typeof (v as Json).id === 'number');

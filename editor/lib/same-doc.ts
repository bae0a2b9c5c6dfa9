/**
 * Whether two documents are equal in value (lodash's `isEqual` for JSON data), remembering
 * the answer for each pair of objects compared. Documents are never changed in place (the
 * store makes new ones with immer, sharing what did not change), so after one edit only the
 * edited path is compared again: "unsaved changes" asked on every keystroke walked the whole
 * draft against the saved one each time (docs/editor-design.md, "Speed").
 */
const known = new WeakMap<object, WeakMap<object, boolean>>();

export function sameDoc(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  let row = known.get(a);
  const hit = row?.get(b);
  if (hit !== undefined) return hit;
  const same = Array.isArray(a)
    ? Array.isArray(b) && a.length === b.length && a.every((v, i) => sameDoc(v, b[i]))
    : !Array.isArray(b) &&
      Object.getPrototypeOf(a) === Object.getPrototypeOf(b) &&
      sameRecord(a as Record<string, unknown>, b as Record<string, unknown>);
  if (!row) known.set(a, (row = new WeakMap()));
  row.set(b, same);
  return same;
}

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameDoc(a[k], b[k]));
}

/** JSON Pointer (RFC 6901): one segment or a whole pointer, both ways. */
export function encodePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `['pages', 0, 'a/b']` → `/pages/0/a~1b`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${encodePointerSegment(s)}`).join('');
}

/** `/pages/0/a~1b` → `['pages', '0', 'a/b']`; also accepts the `#/…` URI fragment form. */
export function fromPointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (!body) return [];
  return body.replace(/^\//, '').split('/').map(decodePointerSegment);
}

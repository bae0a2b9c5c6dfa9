/**
 * Where a site document names an image (docs/editor-design.md, "Asset library"): the JSON
 * pointer of every text holding its address, a picture field and rich text alike. An image
 * the document still names is not deleted.
 */
import { toPointer } from '../tree/pointer.ts';

export function imageUses(doc: unknown, url: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      if (value.includes(url)) found.push(toPointer(path));
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...path, i]));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  visit(doc, []);
  return found;
}

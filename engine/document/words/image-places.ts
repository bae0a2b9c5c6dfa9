/**
 * Where a site document names an image (docs/editor-design.md, "Asset library"): every text
 * holding its address, a picture field and rich text alike, as JSON pointers and in staff
 * words. An image the document still names is not deleted.
 */
import { toPointer } from '../../tree/pointer.ts';
import { pathWords, type PathOptions } from './place-words.ts';

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

/** The places `doc` names `url` ("Page Home (/) › Hero home-hero › Picture"). */
export function imagePlaces(doc: Record<string, any>, url: string, options?: PathOptions) {
  return imageUses(doc, url).map((pointer) => {
    try {
      return pathWords(pointer, doc, options);
    } catch {
      // A place the words cannot name still counts: the image is in use.
      return 'the site document';
    }
  });
}

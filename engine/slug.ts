/**
 * The platform's slug rule, shared by car slugs, model and make address segments and search
 * paths, so an address built in one place matches one parsed in another: accents dropped,
 * lower case, `&` → `and`, anything else → dashes.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

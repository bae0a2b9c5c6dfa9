/**
 * The block tree of a site document, in one vocabulary (docs/site-documents.md, "Pages and
 * blocks"): blocks live in lists; a list is an area's root (a page's `blocks`, the layout's
 * `header` or `footer`), a container's `children`, or a named slot. Every reader of the tree —
 * renderer checks, whole-site rules, diff, merge, ids, the editor — walks it here, so a new
 * kind of list is taught in one place.
 *
 * Isomorphic and dependency-free: the editor runs it in the browser. A folder of small
 * modules, so a dealer page loads only the walk it uses.
 */
export * from './tree/model.ts';
export * from './tree/walk.ts';
export * from './tree/view.ts';
export * from './tree/find.ts';
export * from './tree/copy.ts';
export * from './tree/pointer.ts';

/**
 * The change objects of the semantic diff (diff.ts makes them, diff-render.ts words
 * them, the editor's review panel lists them). Fields are only ever added here, never
 * removed or renamed, so older readers of the JSON format keep working.
 */

/** Where a block sits: which list, inside which block, at which position. */
export interface BlockPosition {
  /** `header` and `footer` are the site layout's lists; `page` is a page's blocks. */
  area: 'header' | 'footer' | 'page';
  /** Page id, when area is `page`. */
  page?: string;
  /** Id and type of the containing block, when nested. */
  parent?: { id: string; type: string };
  /** Slot name inside the parent; absent for `children`. */
  slot?: string;
  /** 0-based index within that list. */
  index: number;
  /** JSON pointer of the block in its document. */
  path: string;
}

export interface BlockRef {
  id: string;
  type: string;
}

export interface PageRef {
  id: string;
  path?: string;
  title?: string;
}

export type SettingSection = 'region' | 'search' | 'theme' | 'api' | 'layout' | 'other';
export type RecordCollection = 'dealerships' | 'locations' | 'offers';

/** Where the value of an unset setting comes from. */
export type DefaultSource = 'template' | 'schema';

/** Set when the change makes the site start or stop overriding its template's value. */
export type TemplateOverride = 'added' | 'dropped';

/** One item of a list that changed its place among the items it kept (0-based positions). */
export interface ItemMove {
  /** How a reader names the item: its label, title, name…, else `id 3`, else `item 2`. */
  item: string;
  from: number;
  to: number;
}

/**
 * Lists of objects inside values (menus, reviews, slides, cards, FAQ items…) are matched
 * item by item: by equal value, else by id, else by a naming field (label and link, title,
 * heading, question, name…), else by likeness. So a reordered list reads as moves and an
 * edited item as edits of that item, never as every position changed.
 */
export interface ListEdit {
  /**
   * Absent: an edit of the value at `path`. `item-added` / `item-removed`: an item of the
   * list at the parent of `path` (the value is `after` / `before`). `reordered`: the list at
   * `path` kept its items but some moved (`moves`).
   */
  op?: 'item-added' | 'item-removed' | 'reordered';
  /** The innermost list item `path` goes through, as a reader names it. */
  item?: string;
  /** For `reordered`: each item outside the longest run that kept its order. */
  moves?: ItemMove[];
}

export type SiteChange =
  | {
      kind: 'template';
      action: 'added' | 'dropped' | 'changed';
      before?: string;
      after?: string;
      /**
       * What changes for the site because of the switch (its resolved document before and
       * after, its own other edits left out). Present when the templates are known.
       */
      effects?: SiteChange[];
    }
  | ({
      kind: 'identity';
      path: string;
      before?: unknown;
      after?: unknown;
      override?: TemplateOverride;
    } & ListEdit)
  | ({
      kind: 'setting';
      section: SettingSection;
      path: string;
      before?: unknown;
      after?: unknown;
      /** What applies on the side that leaves the setting out: the template's value, else the schema default. */
      default?: unknown;
      defaultFrom?: DefaultSource;
      override?: TemplateOverride;
    } & ListEdit)
  | ({
      kind: 'feature';
      key: string;
      /** on/off: a yes/no switch changed its effective value; changed: anything else. */
      action: 'on' | 'off' | 'changed';
      path: string;
      before?: unknown;
      after?: unknown;
      /** What applies on the side that leaves the switch out: the template's value, else the schema default. */
      default?: unknown;
      defaultFrom?: DefaultSource;
      override?: TemplateOverride;
    } & ListEdit)
  | {
      kind: 'record-added' | 'record-removed';
      collection: RecordCollection;
      id: unknown;
      label: string;
      path: string;
    }
  | ({
      kind: 'record-changed';
      collection: RecordCollection;
      id: unknown;
      label: string;
      path: string;
      before?: unknown;
      after?: unknown;
      override?: TemplateOverride;
    } & ListEdit)
  /** Dealerships, locations or offers in a new order (visitors see them in list order). */
  | {
      kind: 'records-reordered';
      collection: RecordCollection;
      path: string;
      moves: Array<ItemMove & { id: unknown }>;
    }
  | {
      kind: 'page-added' | 'page-removed';
      page: PageRef;
      index: number;
      blocks: number;
      override?: TemplateOverride;
    }
  /** A template page the site starts (removed) or stops (restored) leaving out, via `withoutPages`; `path` is its entry. */
  | { kind: 'template-page-removed' | 'template-page-restored'; page: PageRef; path: string }
  | {
      kind: 'page-renamed';
      page: string;
      before: { path?: string; title?: string };
      after: { path?: string; title?: string };
    }
  | ({
      kind: 'page-changed';
      page: string;
      path: string;
      before?: unknown;
      after?: unknown;
    } & ListEdit)
  | { kind: 'page-moved'; page: string; from: number; to: number }
  | { kind: 'block-added' | 'block-removed'; block: BlockRef; at: BlockPosition; contains: number }
  | { kind: 'block-moved'; block: BlockRef; from: BlockPosition; to: BlockPosition }
  /** Same type, same list, same or nearly the same props: the id changed (`from` → `block.id`). */
  | { kind: 'block-renamed'; block: BlockRef; from: string; at: BlockPosition }
  | ({
      kind: 'block-changed';
      block: BlockRef;
      at: BlockPosition;
      path: string;
      before?: unknown;
      after?: unknown;
    } & ListEdit);

export type ChangeKind = SiteChange['kind'];

export interface DiffOptions {
  /**
   * The templates each side extends (their own chains merged), if known. With them the
   * diff says when a change makes the site start overriding a template value, or drop
   * an override and fall back to the template, and what a template switch changes.
   */
  templates?: { before?: Record<string, any>; after?: Record<string, any> };
}

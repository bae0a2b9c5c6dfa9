/**
 * Versioned site documents. Each migration upgrades a document by exactly one version;
 * the engine runs them in order before validation, so an old document keeps working
 * after a block's schema changes. Add a migration whenever a schema change would make
 * an existing document invalid, and bump CURRENT_SCHEMA_VERSION.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import isEqual from 'lodash-es/isEqual.js';
import { walkBlocks } from '../tree.ts';

export interface Migration {
  from: number;
  description: string;
  migrate(doc: Record<string, any>): void;
}

export const migrations: Migration[] = [
  {
    from: 1,
    description:
      'hero: prop "buttons" renamed to "actions" (a hero with both keeps both, buttons first)',
    migrate(doc) {
      for (const { block } of walkBlocks(doc)) {
        if (block.type === 'hero' && block.props && 'buttons' in block.props) {
          const { buttons, ...rest } = block.props;
          const actions = 'actions' in rest ? mergedActions(buttons, rest.actions) : buttons;
          if (actions !== KEEP_BOTH) block.props = { ...rest, actions };
        }
      }
    },
  },
];

const KEEP_BOTH = Symbol('keep both');

/**
 * A version-1 hero that has both `buttons` and `actions` (the new name, written early)
 * keeps both: the buttons first, as they are the list a version-1 hero showed, then each
 * action that is not already one of them, each list in the order staff wrote it. More
 * than three is then a schema problem at `actions` for a person to settle, never a silent
 * loss. `null` (in a site, "not the template's") gives way to the other's list. Values
 * that are not lists are left as written, so validation names them (docs/site-documents.md,
 * "Versions and migrations").
 */
function mergedActions(buttons: unknown, actions: unknown): unknown {
  if (buttons === null) return actions;
  if (actions === null) return buttons;
  if (!Array.isArray(buttons) || !Array.isArray(actions)) return KEEP_BOTH;
  return [...buttons, ...actions.filter((a) => !buttons.some((b) => isEqual(a, b)))];
}

export const CURRENT_SCHEMA_VERSION = migrations.length + 1;

export class DocumentVersionError extends Error {}

/** Returns an upgraded copy of the document (or the same object if it is current). */
export function migrateDocument(doc: Record<string, any>): {
  doc: Record<string, any>;
  applied: Migration[];
} {
  const version = doc.schemaVersion ?? 1;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new DocumentVersionError(
      `/schemaVersion: must be a whole number from 1 to ${CURRENT_SCHEMA_VERSION}`,
    );
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    throw new DocumentVersionError(
      `/schemaVersion: this document is version ${version} but this engine reads up to version ${CURRENT_SCHEMA_VERSION}; update the platform before using it`,
    );
  }
  if (version === CURRENT_SCHEMA_VERSION) return { doc, applied: [] };
  const out = cloneDeep(doc);
  const applied: Migration[] = [];
  for (const m of migrations) {
    if (m.from < version) continue;
    m.migrate(out);
    applied.push(m);
  }
  out.schemaVersion = CURRENT_SCHEMA_VERSION;
  return { doc: out, applied };
}

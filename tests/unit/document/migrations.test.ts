import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { rewriteDocument } from '../../../engine/document/files.ts';
import { createSitePreparer } from '../../../engine/site/prepare.ts';
import {
  CURRENT_SCHEMA_VERSION,
  DocumentVersionError,
  migrateDocument,
  migrations,
} from '../../../engine/site/migrations.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const v1Text = readFileSync(join(FIXTURES, 'site-v1.json'), 'utf8');
const v2Text = readFileSync(join(FIXTURES, 'site-v2.json'), 'utf8');
const prepare = createSitePreparer({ loadTemplate: () => undefined });

const tmpDirs: string[] = [];
afterEach(() => {
  for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('versioned documents and migrations', () => {
  it('migrations are ordered, one version step each, starting from version 1', () => {
    expect(migrations.map((m) => m.from)).toEqual(migrations.map((_, i) => i + 1));
    expect(CURRENT_SCHEMA_VERSION).toBe(migrations.length + 1);
    for (const m of migrations) expect(m.description).toMatch(/\w/);
  });

  it('v1 → v2: hero prop "buttons" becomes "actions" (fixture old → new)', () => {
    const doc = JSON.parse(v1Text);
    migrations[0].migrate(doc);
    doc.schemaVersion = 2;
    expect(formatSiteDocument(doc)).toBe(v2Text);
    expect(v1Text).toContain('"buttons"');
    expect(v2Text).not.toContain('"buttons"');
  });

  it('v1 → v2: a hero with both "buttons" and "actions" keeps both, buttons first, none twice', () => {
    const book = { label: 'Book a service', href: '/service' };
    const finance = { label: 'Finance', href: '/finance' };
    const stock = { label: 'Stock', href: '/search' };
    const hero = (props: Record<string, unknown>) => ({ type: 'hero', id: 'hero', props });
    const migrated = (props: Record<string, unknown>) =>
      migrateDocument({ schemaVersion: 1, pages: [{ id: 'home', blocks: [hero(props)] }] }).doc
        .pages[0].blocks[0].props;
    expect(
      migrated({ heading: 'Hi', buttons: [book, finance], actions: [stock, finance] }),
    ).toEqual({ heading: 'Hi', actions: [book, finance, stock] });
    // null (not the template's list) gives way to the list written beside it.
    expect(migrated({ buttons: null, actions: [stock] })).toEqual({ actions: [stock] });
    expect(migrated({ buttons: [book], actions: null })).toEqual({ actions: [book] });
    // What cannot be merged stays as written, for validation to name.
    expect(migrated({ buttons: 'Book', actions: [stock] })).toEqual({
      buttons: 'Book',
      actions: [stock],
    });
    // Four buttons in all are more than a hero holds: a problem at actions, nothing dropped.
    const r = prepare({
      schemaVersion: 1,
      slug: 'test-site',
      name: 'Test Motors',
      pages: [
        {
          id: 'home',
          path: '/',
          title: 'Home',
          blocks: [
            hero({
              heading: 'Hi',
              buttons: [book, finance],
              actions: [stock, book, { ...stock, label: 'Cars' }],
            }),
          ],
        },
      ],
    });
    expect(!r.ok && r.issues.filter((i) => i.path.endsWith('/props/actions'))).toEqual([
      { path: '/pages/0/blocks/0/props/actions', message: 'must NOT have more than 3 items' },
    ]);
  });

  it('the oldest fixture upgrades through the whole chain and then validates', () => {
    const v1 = JSON.parse(v1Text);
    const { doc, applied } = migrateDocument(v1);
    expect(applied.map((m) => m.from)).toEqual(migrations.map((m) => m.from));
    expect(doc.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(v1.schemaVersion, 'the input is left alone').toBe(1);
    // The v1 fixture is invalid for today's schema as written, valid once migrated. (Its
    // header and footer keep their default menus, which link to pages this small fixture
    // does not have: only the whole-site link rule speaks about it.)
    const issues = prepare
      .check(JSON.parse(v1Text))
      .issues.filter((i) => !i.message.includes('which is not a route of this site'));
    expect(issues).toEqual([]);
    // A v2 document upgrades from its own version only.
    expect(migrateDocument(JSON.parse(v2Text)).applied.map((m) => m.from)).toEqual(
      migrations.slice(1).map((m) => m.from),
    );
    // A document without a version is taken as version 1.
    const unversioned = JSON.parse(v1Text);
    delete unversioned.schemaVersion;
    expect(migrateDocument(unversioned).doc).toEqual(doc);
  });

  it('refuses a document newer than the engine with a clear message', () => {
    const future = { ...JSON.parse(v2Text), schemaVersion: CURRENT_SCHEMA_VERSION + 1 };
    expect(() => migrateDocument(future)).toThrow(DocumentVersionError);
    expect(() => migrateDocument(future)).toThrow(
      `this document is version ${CURRENT_SCHEMA_VERSION + 1} but this engine reads up to version ${CURRENT_SCHEMA_VERSION}; update the platform before using it`,
    );
    const r = prepare(future);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues).toEqual([
      {
        path: '/schemaVersion',
        message: `this document is version ${CURRENT_SCHEMA_VERSION + 1} but this engine reads up to version ${CURRENT_SCHEMA_VERSION}; update the platform before using it`,
      },
    ]);
  });

  it('migrate:sites rewrites documents in place, upgraded and canonical; newer documents are left alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-migrate-'));
    tmpDirs.push(dir);
    const old = join(dir, 'old.json');
    const future = join(dir, 'future.json');
    cpSync(join(FIXTURES, 'site-v1.json'), old);
    const futureText = JSON.stringify({
      ...JSON.parse(v2Text),
      schemaVersion: CURRENT_SCHEMA_VERSION + 1,
    });
    writeFileSync(future, futureText);
    expect(rewriteDocument(old, { migrate: true })).toEqual({
      file: old,
      changed: true,
      from: 1,
      to: CURRENT_SCHEMA_VERSION,
    });
    const expected = formatSiteDocument(migrateDocument(JSON.parse(v1Text)).doc);
    expect(readFileSync(old, 'utf8')).toBe(expected);
    // Running it again changes nothing.
    expect(rewriteDocument(old, { migrate: true }).changed).toBe(false);
    const refused = rewriteDocument(future, { migrate: true });
    expect(refused.changed).toBe(false);
    expect(refused.error).toMatch(/reads up to version/);
    expect(readFileSync(future, 'utf8')).toBe(futureText);
  });

  it('migrating keeps everything that is not part of the migration', () => {
    const v1 = JSON.parse(v1Text);
    const migrated = migrateDocument(cloneDeep(v1)).doc;
    const strip = (d: any) => JSON.parse(JSON.stringify(d).replaceAll('"buttons"', '"actions"'));
    expect({ ...migrated, schemaVersion: 1 }).toEqual(strip(v1));
  });
});

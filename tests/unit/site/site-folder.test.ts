/**
 * One broken file in the sites folder never stops the others: every document is read
 * through engine/site/folder.ts, and every failure becomes that site's issues.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readInventorySites } from '../../../engine/inventory/load.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { folderTemplateLoader, SiteFolder } from '../../../engine/site/folder.ts';
import { DocumentSyntaxError, parseDocumentText } from '../../../engine/site/json-text.ts';
import { SITES_DIR } from '../helpers.ts';

const DEMO = ['gold-coast-ford', 'kiwi-car-yard', 'lakeside-chevrolet', 'southern-motor-group'];
let dir: string;

/** A sites folder with the demo sites and one file of every broken kind. */
function brokenFolder() {
  const d = mkdtempSync(join(tmpdir(), 'forecourt-folder-'));
  cpSync(SITES_DIR, d, { recursive: true });
  writeFileSync(join(d, 'syntax.json'), '{\n  "slug": "syntax",\n  "name": "x",\n}\n');
  writeFileSync(join(d, 'empty.json'), '');
  writeFileSync(
    join(d, 'bom.json'),
    `\ufeff${readFileSync(join(SITES_DIR, 'kiwi-car-yard.json'), 'utf8')}`,
  );
  writeFileSync(join(d, 'null.json'), 'null\n');
  const kiwi = JSON.parse(readFileSync(join(SITES_DIR, 'kiwi-car-yard.json'), 'utf8'));
  writeFileSync(
    join(d, 'null-dealer.json'),
    JSON.stringify({ ...kiwi, slug: 'null-dealer', hostnames: [], dealerships: [null] }),
  );
  // A copy of a demo site (as the README once said): newer file, same host name.
  writeFileSync(join(d, 'a-copy.json'), JSON.stringify({ ...kiwi, slug: 'a-copy' }));
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(d, 'a-copy.json'), later, later);
  return d;
}

beforeAll(() => {
  dir = brokenFolder();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a sites folder with broken documents', () => {
  it('loads every valid site and names what is wrong with each broken one', () => {
    const entries = new SiteFolder(dir).loadAll();
    const bySlug = new Map(entries.map((e) => [e.slug, e]));
    for (const slug of DEMO) expect(bySlug.get(slug)?.ok, slug).toBe(true);
    const first = (slug: string) => {
      const e = bySlug.get(slug);
      if (!e || e.ok) throw new Error(`${slug} should be invalid`);
      return e.issues[0];
    };
    expect(first('syntax')).toEqual({
      path: '/',
      message:
        'syntax.json is not valid JSON: line 4, column 1: expected a property name in double quotes at "}"',
    });
    expect(first('empty')).toEqual({
      path: '/',
      message: 'empty.json is not valid JSON: the file is empty; a site document is a JSON object',
    });
    expect(first('bom').message).toBe(
      'bom.json is not valid JSON: line 1, column 1: the file starts with a byte-order mark (BOM); save it as UTF-8 without a BOM',
    );
    expect(first('null')).toEqual({ path: '/', message: 'a site document must be a JSON object' });
    expect(first('null-dealer')).toEqual({ path: '/dealerships/0', message: 'must be object' });
    expect(first('a-copy')).toEqual({
      path: '/hostnames/0',
      message:
        'host name "kiwicaryard.localhost" is already claimed by site "kiwi-car-yard" (kiwi-car-yard.json); each host name serves one site',
    });
  });

  it('the inventory is generated from the valid sites only, without throwing', () => {
    const sites = readInventorySites(dir).map((s) => s.slug);
    expect(sites.sort()).toEqual(DEMO);
  });

  it('the server store serves the original on its host name, not the copy', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = new SiteStore(dir);
    warn.mockRestore();
    expect(store.byHostname('KiwiCarYard.localhost')?.slug).toBe('kiwi-car-yard');
    expect(
      store
        .all()
        .filter((e) => e.ok)
        .map((e) => e.slug),
    ).toEqual(DEMO);
  });

  it("a template that does not parse is that template's error, with line and column", () => {
    const d = mkdtempSync(join(tmpdir(), 'forecourt-template-'));
    try {
      cpSync(SITES_DIR, d, { recursive: true });
      writeFileSync(
        join(d, 'templates', 'ford.json'),
        '{\n  "pages": [\n    { "id": "home" ]\n}\n',
      );
      const entry = new SiteFolder(d).load('gold-coast-ford');
      expect(entry.ok).toBe(false);
      expect(!entry.ok && entry.issues).toEqual([
        {
          path: '/template',
          message:
            'template "ford" (sites/templates/ford.json) is not valid JSON: line 3, column 20: expected \',\' (or a closing bracket) at "]"',
        },
      ]);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('templates', () => {
  it('are parsed once while their text stays the same, again when it changes, and given frozen', () => {
    const d = mkdtempSync(join(tmpdir(), 'forecourt-template-'));
    try {
      cpSync(SITES_DIR, d, { recursive: true });
      const load = folderTemplateLoader(d);
      const first = load('ford')!;
      expect(load('ford')).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first.pages)).toBe(true);
      const file = join(d, 'templates', 'ford.json');
      const changed = { ...JSON.parse(readFileSync(file, 'utf8')), name: 'Changed on disk' };
      writeFileSync(file, JSON.stringify(changed));
      const second = load('ford')!;
      expect(second).not.toBe(first);
      expect(second.name).toBe('Changed on disk');
      // Two sites of the template prepared one after the other get the same pages.
      const folder = new SiteFolder(d);
      const [a, b] = [folder.load('gold-coast-ford'), folder.load('gold-coast-ford')];
      expect(a.ok && b.ok && b.site).toEqual(a.ok && a.site);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('reload without a restart', () => {
  it('a site broken on disk keeps its last good revision and recovers as its file changes; a template change reloads its sites', async () => {
    const d = mkdtempSync(join(tmpdir(), 'forecourt-watch-'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    cpSync(SITES_DIR, d, { recursive: true });
    const store = new SiteStore(d);
    try {
      store.watch();
      const file = join(d, 'kiwi-car-yard.json');
      const good = readFileSync(file, 'utf8');
      writeFileSync(file, '{ broken');
      // docs/publishing.md, "When the remote fails": visitors keep what they had.
      await vi.waitFor(() => expect(store.staleSite('kiwi-car-yard')).toBeDefined(), {
        timeout: 3000,
      });
      expect(store.get('kiwi-car-yard')?.ok).toBe(true);
      writeFileSync(file, good.replace('"name": "Kiwi Car Yard"', '"name": "Kiwi Car Yard Ltd"'));
      await vi.waitFor(
        () => {
          const e = store.get('kiwi-car-yard');
          expect(e?.ok && e.site.name).toBe('Kiwi Car Yard Ltd');
        },
        { timeout: 3000 },
      );
      const template = join(d, 'templates', 'ford.json');
      writeFileSync(
        template,
        readFileSync(template, 'utf8').replace(
          '"title": "Car finance | {site}"',
          '"title": "Finance and loans | {site}"',
        ),
      );
      await vi.waitFor(
        () => {
          const e = store.get('gold-coast-ford');
          expect(e?.ok && e.site.pages.find((p) => p.id === 'finance')?.title).toBe(
            'Finance and loans | {site}',
          );
        },
        { timeout: 3000 },
      );
      // A site whose file is deleted is gone, and its listeners hear it once.
      const removed: string[] = [];
      store.onRemove((slug) => removed.push(slug));
      rmSync(file);
      await vi.waitFor(() => expect(store.get('kiwi-car-yard')).toBeUndefined(), { timeout: 3000 });
      expect(removed).toEqual(['kiwi-car-yard']);
    } finally {
      store.close();
      warn.mockRestore();
      error.mockRestore();
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('parseDocumentText', () => {
  it('reads valid JSON and locates the first fault in invalid JSON', () => {
    expect(parseDocumentText('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    const fault = (text: string) => {
      try {
        parseDocumentText(text);
      } catch (err) {
        if (err instanceof DocumentSyntaxError) return [err.line, err.column, err.detail];
        throw err;
      }
      throw new Error('expected a syntax error');
    };
    expect(fault('{"a": 1,}')).toEqual([
      1,
      9,
      'line 1, column 9: expected a property name in double quotes at "}"',
    ]);
    expect(fault('{\n  "a": 1\n  "b": 2\n}')).toEqual([
      3,
      3,
      'line 3, column 3: expected \',\' (or a closing bracket) at "\\"b\\""',
    ]);
    expect(fault('{"a": 1} x')).toEqual([1, 10, 'line 1, column 10: unexpected character at "x"']);
    expect(fault('{"a": 1} {}')[2]).toBe(
      'line 1, column 10: expected the end of the file (text after the document) at "{"',
    );
    expect(fault('{"a": // note\n 1}')[2]).toBe(
      'line 1, column 7: comments are not allowed in JSON at "// note"',
    );
    expect(fault('   ')[2]).toBe('the file is empty; a site document is a JSON object');
  });
});

describe('a failure while preparing one site', () => {
  const richSite = () => {
    const kiwi = JSON.parse(readFileSync(join(SITES_DIR, 'kiwi-car-yard.json'), 'utf8'));
    const [home, ...rest] = kiwi.pages;
    const marked = {
      type: 'rich-text',
      id: 'marked-rich-text',
      props: { html: '<p>Only in <b>zz-marked</b></p>' },
    };
    return {
      ...kiwi,
      slug: 'rich',
      hostnames: ['rich.example'],
      pages: [{ ...home, blocks: [marked, ...home.blocks] }, ...rest],
    };
  };
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'forecourt-failing-'));
    cpSync(SITES_DIR, folder, { recursive: true });
    writeFileSync(join(folder, 'rich.json'), JSON.stringify(richSite()));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is tried once more, as a sanitiser that failed once starts anew', () => {
    let calls = 0;
    const flaky = (html: string) => {
      if (++calls === 1) throw new Error('the sanitiser stopped');
      return html;
    };
    const entry = new SiteFolder(folder, { sanitizeHtml: flaky }).load('rich');
    expect(entry.ok, JSON.stringify(!entry.ok && entry.issues)).toBe(true);
    expect(calls).toBeGreaterThan(1);
  });

  it('is that site’s problem when it fails again: the others are served', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = (html: string) => {
        if (html.includes('zz-marked')) throw new Error('the sanitiser stopped');
        return html;
      };
      const entries = new SiteFolder(folder, { sanitizeHtml: broken }).loadAll();
      const rich = entries.find((e) => e.slug === 'rich')!;
      expect(rich.ok).toBe(false);
      expect(!rich.ok && rich.issues[0]).toMatchObject({
        path: '/',
        message: expect.stringContaining('the sanitiser stopped'),
      });
      for (const slug of DEMO) expect(entries.find((e) => e.slug === slug)?.ok, slug).toBe(true);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

/**
 * The shell and page validators compiled ahead (engine/schema/standalone.ts, loaded by
 * precompiled.ts in a built server) answer exactly as the ones compiled at run time: the
 * same verdict, the same issues, the same defaults filled in and the same rich text
 * sanitised, on every demo site and on broken variants of them.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAjv,
  formatErrors,
  PAGE_SCHEMA_REF,
  SHELL_SCHEMA_ID,
  createSiteValidator,
} from '../../../engine/schema/validator.ts';
import {
  loadPrecompiledValidators,
  PRECOMPILED_VALIDATORS_FILE,
  precompiledValidators,
  type PrecompiledValidators,
} from '../../../engine/schema/precompiled.ts';
import { standaloneValidators } from '../../../engine/schema/standalone.ts';
import { apiSchemas } from '../../../schemas/index.gen.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { prepared, readSite } from '../helpers.ts';
import { siteNames } from '../../../engine/site/folder.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

let folder: string;
let ahead: PrecompiledValidators;
let atRunTime: PrecompiledValidators;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'forecourt-validators-'));
  const file = join(folder, PRECOMPILED_VALIDATORS_FILE);
  writeFileSync(file, standaloneValidators());
  ahead = loadPrecompiledValidators(file);
  const ajv = createAjv({ useDefaults: true });
  const api = Object.fromEntries(
    Object.values(apiSchemas).map((schema) => [
      schema.$id,
      ajv.getSchema(schema.$id) as ValidateFunction,
    ]),
  );
  atRunTime = {
    shell: ajv.getSchema(SHELL_SCHEMA_ID) as ValidateFunction,
    page: ajv.getSchema(PAGE_SCHEMA_REF) as ValidateFunction,
    api,
  };
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs one validator on a copy of `data` with a recording sanitiser: what it said, what it left, what it sanitised. */
function outcome(fn: ValidateFunction, data: unknown, basePath: string) {
  const copy = cloneDeep(data);
  const sanitised: string[] = [];
  const context = {
    sanitizeHtml: (html: string) => (
      sanitised.push(html),
      html.replace(/<script[\s\S]*?<\/script>/g, '')
    ),
  };
  const valid = fn.call(context, copy);
  return {
    valid,
    issues: valid ? [] : formatErrors(fn.errors ?? [], basePath, true),
    data: copy,
    sanitised,
  };
}

function expectSame(kind: 'shell' | 'page', data: unknown) {
  const basePath = kind === 'page' ? '/pages/0' : '';
  const a = outcome(ahead[kind], data, basePath);
  const b = outcome(atRunTime[kind], data, basePath);
  expect(a).toEqual(b);
  return a;
}

/** Every demo site, resolved (the sites folder's own documents). */
function documents() {
  return siteNames(SITES_DIR).map((slug) => ({
    slug,
    site: prepared(readSite(slug)) as unknown as Record<string, any>,
  }));
}

describe('site validators compiled ahead', () => {
  it('accept every demo site as the run-time ones do, page by page and the rest', () => {
    for (const { site } of documents()) {
      expect(expectSame('shell', site).valid).toBe(true);
      for (const page of site.pages) expect(expectSame('page', page).valid).toBe(true);
    }
  });

  it('report the same issues at the same paths for broken pages and documents', () => {
    const { site } = documents()[0];
    const page = site.pages.find((p: { blocks: unknown[] }) => p.blocks.length > 1);
    const broken: [kind: 'shell' | 'page', data: unknown][] = [
      ['page', { ...page, path: undefined }],
      ['page', { ...page, extra: true }],
      ['page', { ...page, blocks: [{ type: 'no-such-block', id: 'x', props: {} }] }],
      [
        'page',
        {
          ...page,
          blocks: [{ ...page.blocks[0], props: { ...page.blocks[0].props, heading: 42 } }],
        },
      ],
      ['page', { ...page, blocks: [{ type: 'section', id: 's', props: { background: 'pink' } }] }],
      ['shell', { ...site, region: 'UK' }],
      ['shell', { ...site, features: { ...site.features, makesBeforeShowAll: 0 } }],
      ['shell', { ...site, slug: 'Not A Slug' }],
    ];
    for (const [kind, data] of broken) {
      const result = expectSame(kind, data);
      expect(result.valid, JSON.stringify(data).slice(0, 200)).toBe(false);
      expect(result.issues.length).toBeGreaterThan(0);
    }
  });

  it('fill in the same defaults and sanitise the same rich text through the call’s sanitiser', () => {
    const html = '<p>Hello</p><script>alert(1)</script>';
    const page = {
      id: 'about',
      path: '/about',
      title: 'About',
      blocks: [{ type: 'rich-text', id: 'rt', props: { html } }],
    };
    const result = expectSame('page', page);
    expect(result.valid).toBe(true);
    expect(result.sanitised).toEqual([html]);
    const block = (result.data as typeof page).blocks[0] as { props: Record<string, unknown> };
    expect(block.props.html).toBe('<p>Hello</p>');
  });

  it('leave rich text as it is when the call gives no sanitiser', () => {
    const html = '<p>Hi</p><script>x()</script>';
    const page = {
      id: 'about',
      path: '/about',
      title: 'About',
      blocks: [{ type: 'rich-text', id: 'rt', props: { html } }],
    };
    const copy = cloneDeep(page);
    expect(ahead.page(copy)).toBe(true);
    expect(copy.blocks[0].props.html).toBe(html);
  });

  it('hold one API request validator per API schema, answering as the run-time one on good and bad bodies', () => {
    expect(Object.keys(ahead.api).sort()).toEqual(Object.keys(apiSchemas).sort());
    for (const [name, schema] of Object.entries(apiSchemas)) {
      const props = Object.keys((schema as { properties?: object }).properties ?? {});
      // Empty, wrong kinds, each declared field of the wrong type, and each as a short string.
      const bodies: unknown[] = [
        {},
        null,
        [],
        'text',
        42,
        Object.fromEntries(props.map((p) => [p, { nested: [1] }])),
        Object.fromEntries(props.map((p) => [p, 'x'])),
      ];
      for (const body of bodies) {
        const a = outcome(ahead.api[name], body, '');
        const b = outcome(atRunTime.api[schema.$id], body, '');
        expect(a, `${name} ${JSON.stringify(body)}`).toEqual(b);
      }
    }
  });

  it('are never read from beside the source (a test run names its own, compiled from the schemas as they are)', () => {
    expect(existsSync(join(ROOT, 'engine/schema', PRECOMPILED_VALIDATORS_FILE))).toBe(false);
    expect(precompiledValidators() === undefined).toBe(!process.env.FORECOURT_VALIDATORS_FILE);
    // The validators compiled here still sanitise through the preparer's function.
    const validator = createSiteValidator({ useDefaults: true, sanitizeHtml: () => 'clean' });
    const page = {
      id: 'about',
      path: '/about',
      title: 'About',
      blocks: [{ type: 'rich-text', id: 'rt', props: { html: '<b>x</b>' } }],
    };
    expect(validator.validatePage(page, '/pages/0')).toEqual([]);
    expect(page.blocks[0].props.html).toBe('clean');
  });

  it('refuse a module that does not hold them, saying to build again', () => {
    const file = join(folder, 'wrong.cjs');
    writeFileSync(file, 'module.exports = { shell: 1 };');
    expect(() => loadPrecompiledValidators(file)).toThrow(/npm run build/);
  });
});

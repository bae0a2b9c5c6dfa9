/**
 * Text JSON.parse would read with a loss (a key written twice, a number it rounds) is
 * refused wherever a document file is read: the folder reader (server, validate,
 * check:sites), templates, format:sites and migrate:sites; each fault names its line and
 * JSON path, and no file is rewritten (docs/site-documents.md, "Reading a document file").
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteDocument } from '../../../engine/document/files.ts';
import { SiteFolder } from '../../../engine/site/folder.ts';
import {
  duplicateKeyMessage,
  jsonTextFaults,
  LARGEST_EXACT_INTEGER,
  numberMessage,
} from '../../../engine/site/json-faults.ts';
import { LossyJsonError, parseDocumentText } from '../../../engine/site/json-text.ts';
import { checkSites } from '../../../scripts/check-sites.ts';
import { SITES_DIR } from '../helpers.ts';

const kiwiText = readFileSync(join(SITES_DIR, 'kiwi-car-yard.json'), 'utf8');
/**
 * Kiwi Car Yard with its name written twice (lines 5 and 6) and an id JSON.parse rounds (line
 * 7): its business number's line (between the name and the id) is left out, so the lines stay.
 */
const lossyText = kiwiText
  .replace(/^ {2}"businessNumber": .*\n/m, '')
  .replace('  "name": "Kiwi Car Yard",\n', '  "name": "Kiwi Car Yard",\n  "name": "Kiwi Cars",\n')
  .replace('  "id": 303,\n', '  "id": 12345678901234567890,\n');
const BIG = '12345678901234567890';

function faultsOf(text: string) {
  try {
    parseDocumentText(text);
  } catch (err) {
    if (err instanceof LossyJsonError) return err.faults;
    throw err;
  }
  return [];
}

describe('reading a document text', () => {
  it('refuses a key written twice and a number it would round, naming line, column and path', () => {
    expect(lossyText).not.toBe(kiwiText);
    expect(faultsOf(lossyText)).toEqual([
      { path: '/name', line: 6, column: 3, message: duplicateKeyMessage('name', 5) },
      { path: '/id', line: 7, column: 9, message: numberMessage(BIG) },
    ]);
    expect(numberMessage(BIG)).toContain('would be read as 12345678901234567000');
    expect(faultsOf(kiwiText)).toEqual([]);
  });

  it('finds them at any depth, keys compared as JSON reads them', () => {
    const text =
      '{\n  "a": [{ "b": 1, "b": 2 }],\n  "c": { "x/y": 1, "x\\/y": 2 },\n  "d": [1, 2]\n}';
    expect(faultsOf(text).map((f) => [f.path, f.line, f.column])).toEqual([
      ['/a/0/b', 2, 19],
      ['/c/x~1y', 3, 20],
    ]);
    expect(faultsOf('{ "a": [9007199254740993] }').map((f) => f.path)).toEqual(['/a/0']);
  });

  it('a text read quickly as faultless is one: the quick look never passes a key written twice', () => {
    // A key end written inside a string would make up for the key lost to a duplicate in a count.
    const hidden = [
      '{ "a": 1, "a": 2, "s": "x\\": y" }',
      '{ "a": 1, "a": 2, "s": "x\\"  :y" }',
      '{ "k\\\\": 1, "k\\\\": 2 }',
      '{ "a": { "b": [1, { "c": 1, "c": 1 }] }, "t": "\\": \\":" }',
      '{ "": 1, "": 2 }',
      '{ "__proto__": 1, "__proto__": 2 }',
    ];
    for (const text of hidden) expect(faultsOf(text).length, text).toBeGreaterThan(0);
    // Long digit strings and look-alike exponents only send a text to the full read.
    expect(faultsOf('{ "vin": "1234567890123456789", "m": "4e4", "a": { "b": 1 } }')).toEqual([]);
    expect(faultsOf('{ "n": 1e400 }').map((f) => f.path)).toEqual(['/n']);
  });

  it('the quick look and the full read find the same faults in any text JSON parses', () => {
    // Keys from a small set (so duplicates are common), strings that hold quotes, colons,
    // digits and exponents, and numbers of every length.
    const key = fc.constantFrom('a', 'b', 'a\\', '', '"', 'x": "', '1e5');
    const leaf = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map((n) => ({ raw: String(n) })),
      fc.stringMatching(/^[-+.\d eE":\\ ]{0,20}$/),
      fc.boolean(),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map((pairs) => ({ pairs })),
      ),
    })).node;
    const write = (v: unknown, space: string): string => {
      if (Array.isArray(v)) return `[${v.map((x) => write(x, space)).join(`,${space}`)}]`;
      if (v && typeof v === 'object' && 'raw' in v) return String(v.raw);
      if (v && typeof v === 'object' && 'pairs' in v)
        return `{${(v.pairs as [string, unknown][])
          .map(([k, x]) => `${JSON.stringify(k)}${space}:${space}${write(x, space)}`)
          .join(',')}}`;
      return JSON.stringify(v);
    };
    fc.assert(
      fc.property(value, fc.constantFrom('', ' ', '\n  '), (v, space) => {
        const text = write({ pairs: [['root', v]] }, space);
        expect(jsonTextFaults(text, JSON.parse(text))).toEqual(jsonTextFaults(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('numbers: what reads back exactly passes; beyond 2^53 − 1 or past what a number holds is refused', () => {
    for (const ok of [
      String(LARGEST_EXACT_INTEGER),
      `-${LARGEST_EXACT_INTEGER}`,
      '0.1',
      '19999.99',
      '1.5e3',
      '1e20',
      '0.30000000000000004',
      '123456789012345.5',
    ])
      expect(numberMessage(ok), ok).toBeUndefined();
    expect(numberMessage(String(LARGEST_EXACT_INTEGER + 1))).toMatch(/cannot be told apart/);
    expect(numberMessage('-9007199254740993')).toMatch(/would be read as -9007199254740992/);
    expect(numberMessage('0.1000000000000000055511151231257827')).toMatch(/would be read as 0.1;/);
    expect(numberMessage('19999.999999999999999')).toMatch(/would be read as 20000;/);
    expect(numberMessage('1e400')).toMatch(/too large to hold; it would be read as Infinity/);
  });
});

describe('every reader of document files refuses them', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'forecourt-lossy-'));
    cpSync(SITES_DIR, dir, { recursive: true });
    writeFileSync(join(dir, 'kiwi-car-yard.json'), lossyText);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the folder reader (server, validate, check:sites): one issue at each path, with its line', () => {
    const entry = new SiteFolder(dir).load('kiwi-car-yard');
    expect(!entry.ok && entry.issues).toEqual([
      {
        path: '/name',
        message: `kiwi-car-yard.json, line 6, column 3: ${duplicateKeyMessage('name', 5)}`,
      },
      { path: '/id', message: `kiwi-car-yard.json, line 7, column 9: ${numberMessage(BIG)}` },
    ]);
  });

  it("a template's faults are the issues of the sites that use it", () => {
    const d = mkdtempSync(join(tmpdir(), 'forecourt-lossy-template-'));
    try {
      cpSync(SITES_DIR, d, { recursive: true });
      const file = join(d, 'templates', 'ford.json');
      const text = readFileSync(file, 'utf8');
      const twice = text.replace(
        '      "primary": "#00095b",\n',
        '      "primary": "#00095b",\n      "primary": "#000000",\n',
      );
      expect(twice).not.toBe(text);
      writeFileSync(file, twice);
      const entry = new SiteFolder(d).load('gold-coast-ford');
      expect(!entry.ok && entry.issues).toEqual([
        {
          path: '/template',
          message: `template "ford" (sites/templates/ford.json), line 7, column 7, at /theme/colours/primary: ${duplicateKeyMessage('primary', 6)}`,
        },
      ]);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('format:sites and migrate:sites leave the file as it is and say why', () => {
    const file = join(dir, 'kiwi-car-yard.json');
    for (const migrate of [false, true]) {
      const r = rewriteDocument(file, { migrate });
      expect(r.changed).toBe(false);
      expect(r.error).toContain(`line 6, column 3, at /name: ${duplicateKeyMessage('name', 5)}`);
      expect(r.error).toContain(`line 7, column 9, at /id: ${numberMessage(BIG)}`);
      expect(readFileSync(file, 'utf8')).toBe(lossyText);
    }
  });

  it('check:sites names each fault once', () => {
    const problem = checkSites(dir).problems.find((p) => p.file.endsWith('kiwi-car-yard.json'));
    expect(problem?.messages).toEqual([
      `/name: kiwi-car-yard.json, line 6, column 3: ${duplicateKeyMessage('name', 5)}`,
      `/id: kiwi-car-yard.json, line 7, column 9: ${numberMessage(BIG)}`,
    ]);
  });
});

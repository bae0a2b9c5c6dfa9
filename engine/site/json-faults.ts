/**
 * What JSON.parse reads differently from what a document's text says, without a word:
 * a key written twice in one object (it keeps the last; `npm run format:sites` would then
 * drop the other) and a number it cannot hold exactly (a whole number beyond 2^53 − 1, or
 * more digits than a double keeps: it rounds). A document with either is refused, naming
 * the line and the JSON path, never rewritten (docs/site-documents.md, "Reading a document
 * file"). The text is valid JSON here (JSON.parse read it); jsonc-parser gives the offsets.
 * Browser-safe.
 */
import { visit } from 'jsonc-parser';
import { toPointer } from '../tree/pointer.ts';

export interface JsonTextFault {
  /** JSON pointer of the second key, or of the number. */
  path: string;
  /** 1-based, as an editor shows them. */
  line: number;
  column: number;
  message: string;
}

/** The largest whole number a document holds exactly (2^53 − 1). */
export const LARGEST_EXACT_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * Every place, in text order, where JSON.parse would lose or change what is written. With
 * `parsed` (the text as JSON.parse read it), a text that surely has none is not read again.
 */
export function jsonTextFaults(text: string, parsed?: unknown): JsonTextFault[] {
  if (parsed !== undefined && surelyFaultless(text, parsed)) return [];
  const faults: JsonTextFault[] = [];
  // Keys met so far in each open object (innermost last), with the line each was first on.
  const objects: (Map<string, number> | undefined)[] = [];
  visit(text, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onArrayBegin: () => void objects.push(undefined),
    onArrayEnd: () => void objects.pop(),
    onObjectProperty(key, _offset, _length, line, character, pathOf) {
      const keys = objects[objects.length - 1]!;
      const first = keys.get(key);
      if (first === undefined) keys.set(key, line + 1);
      else
        faults.push({
          path: toPointer([...pathOf(), key]),
          line: line + 1,
          column: character + 1,
          message: duplicateKeyMessage(key, first),
        });
    },
    onLiteralValue(value, offset, length, line, character, pathOf) {
      if (typeof value !== 'number') return;
      const message = numberMessage(text.slice(offset, offset + length));
      if (message)
        faults.push({ path: toPointer(pathOf()), line: line + 1, column: character + 1, message });
    },
  });
  return faults;
}

/**
 * A quick look that never passes a faulty text: no number written with 16 characters or more
 * or with an exponent (strings included, so a long digit string only sends it to the full
 * read), and as many key ends (a quote, then a colon) as `parsed` holds keys. The text has at
 * least one per key written (a string may hold more), and `parsed` one fewer per key written
 * twice, so the two agree only when no key is.
 */
function surelyFaultless(text: string, parsed: unknown): boolean {
  if (/[-+.\d]{16,}|\d[eE][-+]?\d/.test(text)) return false;
  let written = 0;
  const keyEnd = /"\s*:/g;
  while (keyEnd.exec(text)) written++;
  return written === keysIn(parsed);
}

function keysIn(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) for (const item of value) n += keysIn(item);
  else for (const item of Object.values(value)) n += 1 + keysIn(item);
  return n;
}

export function duplicateKeyMessage(key: string, firstLine: number): string {
  return `the key ${JSON.stringify(key)} is written twice in this object (first on line ${firstLine}); JSON keeps only the last one and formatting would drop the other, so remove one`;
}

/** Why a number as written cannot be read as it is, or undefined when it can. */
export function numberMessage(written: string): string | undefined {
  // Fifteen digits or fewer without an exponent always read back exactly.
  if (written.length <= 15 && !/[eE]/.test(written)) return undefined;
  const read = Number(written);
  const wholeNumber = /^-?\d+$/.test(written);
  if (wholeNumber && Math.abs(read) > LARGEST_EXACT_INTEGER) {
    const becomes = sameDecimal(written, String(read))
      ? 'and the numbers around it cannot be told apart'
      : `and would be read as ${read}`;
    return `the number ${written} is beyond ${LARGEST_EXACT_INTEGER}, the largest whole number a document holds exactly, ${becomes}; it is refused rather than rounded`;
  }
  if (!Number.isFinite(read))
    return `the number ${written} is too large to hold; it would be read as ${read} and written as null`;
  if (!sameDecimal(written, String(read)))
    return `the number ${written} has more digits than a number holds exactly and would be read as ${read}; it is refused rather than rounded`;
  return undefined;
}

/** Do two JSON number texts name the same decimal value (1.50 and 1.5e0 do)? */
function sameDecimal(a: string, b: string): boolean {
  return decimalKey(a) === decimalKey(b);
}

function decimalKey(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const fraction = m[3] ?? '';
  const digits = (m[2] + fraction).replace(/^0+/, '');
  if (!digits) return '0';
  const significant = digits.replace(/0+$/, '');
  const exponent = Number(m[4] ?? 0) - fraction.length + (digits.length - significant.length);
  return `${m[1]}${significant}e${exponent}`;
}

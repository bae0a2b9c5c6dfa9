/**
 * Reading a site document or template from its text. JSON.parse says where nothing
 * went wrong on this Node ("Unexpected token '}', ... is not valid JSON"), so a failure
 * is located with jsonc-parser's scanner and reported as line and column, the way a
 * person opens the file. Text JSON.parse would read with a loss (a key written twice, a
 * number it rounds) is refused too (json-faults.ts). Every reader of a document file, from
 * disk or from git, parses here. Browser-safe.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { jsonTextFaults, type JsonTextFault } from './json-faults.ts';

export class DocumentSyntaxError extends Error {
  constructor(
    /** What is wrong, with line and column when the text has them. */
    readonly detail: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(detail);
    this.name = 'DocumentSyntaxError';
  }
}

/**
 * Valid JSON that JSON.parse would read differently from what is written: each fault names
 * its line and JSON path (a reader of a folder makes each one an issue at that path).
 */
export class LossyJsonError extends DocumentSyntaxError {
  constructor(readonly faults: JsonTextFault[]) {
    super(faults.map(describeFault).join('\n'), faults[0]?.line, faults[0]?.column);
    this.name = 'LossyJsonError';
  }
}

/** "line 4, column 3, at /name: …", the way the CLI prints a fault. */
export function describeFault(fault: JsonTextFault): string {
  return `line ${fault.line}, column ${fault.column}, at ${fault.path}: ${fault.message}`;
}

const WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ',' (or a closing bracket)",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'expected the end of the file (text after the document)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unfinished comment',
  UnexpectedEndOfString: 'unfinished string',
  UnexpectedEndOfNumber: 'unfinished number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string (control characters must be escaped)',
};

/**
 * Parses a document's text; throws DocumentSyntaxError naming line and column, or
 * LossyJsonError when valid JSON would not be read as written.
 */
export function parseDocumentText(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) {
    throw new DocumentSyntaxError(
      'line 1, column 1: the file starts with a byte-order mark (BOM); save it as UTF-8 without a BOM',
      1,
      1,
    );
  }
  if (!text.trim())
    throw new DocumentSyntaxError('the file is empty; a site document is a JSON object');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw locate(text, err as Error);
  }
  const faults = jsonTextFaults(text, doc);
  if (faults.length) throw new LossyJsonError(faults);
  return doc;
}

function locate(text: string, original: Error): DocumentSyntaxError {
  const errors: ParseError[] = [];
  parse(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const first = errors.sort((a, b) => a.offset - b.offset)[0];
  if (!first) return new DocumentSyntaxError(`not valid JSON: ${original.message}`);
  const { line, column } = lineAndColumn(text, first.offset);
  const code = printParseErrorCode(first.error);
  const found = text
    .slice(first.offset, first.offset + Math.max(1, Math.min(first.length, 20)))
    .replace(/\s+/g, ' ');
  return new DocumentSyntaxError(
    `line ${line}, column ${column}: ${WORDS[code] ?? code}${found.trim() ? ` at ${JSON.stringify(found)}` : ''}`,
    line,
    column,
  );
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

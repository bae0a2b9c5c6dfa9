/**
 * Parser for Algolia's `filters` syntax:
 *
 *   filters    := or
 *   or         := and ("OR" and)*
 *   and        := unary ("AND" unary)*
 *   unary      := "NOT" unary | "(" or ")" | condition
 *   condition  := attribute ":" value ["TO" value]      facet, boolean, tag (_tags:x) or range
 *               | attribute op number                   op: < <= = != >= >
 *               | attribute ("=" | "!=") value          (wider than Algolia: string equality)
 *
 * Attributes and values are bare words or "quoted strings" (\" escapes a quote). Keywords are
 * upper case, as in Algolia. Precedence is NOT, then AND, then OR. The engine accepts more than
 * Algolia does (nesting, NOT on groups, mixed OR); algolia-compat.ts says whether a filter
 * would also run on Algolia. Errors name the 1-based position of the offending character.
 * Nesting is limited to MAX_FILTER_DEPTH and length to MAX_FILTER_LENGTH (limits.ts), so a
 * hostile filter is a 400, never a stack overflow.
 */
import { SearchError } from './errors.ts';
import { and, or, type FilterNode, type NumericOp } from './filter-ast.ts';
import { checkFilterLength, MAX_FILTER_DEPTH } from './limits.ts';

type TokenType =
  'word' | 'string' | 'lparen' | 'rparen' | 'colon' | 'op' | 'AND' | 'OR' | 'NOT' | 'TO' | 'end';

interface Token {
  type: TokenType;
  text: string;
  pos: number;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);
const WORD_STOP = /[\s():"'<>=!]/;

function fail(source: string, pos: number, message: string): never {
  const near = source.slice(pos, pos + 20);
  throw new SearchError(
    `Invalid filters: ${message} at position ${pos + 1}${near ? ` (near "${near}")` : ''}`,
    400,
  );
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === '(' || c === ')') {
      tokens.push({ type: c === '(' ? 'lparen' : 'rparen', text: c, pos: start });
      i++;
    } else if (c === ':') {
      tokens.push({ type: 'colon', text: c, pos: start });
      i++;
    } else if (c === '<' || c === '>' || c === '=' || c === '!') {
      let op: string = c;
      if (source[i + 1] === '=' && c !== '=') op += '=';
      if (op === '!') fail(source, start, 'expected "!=" but found "!"');
      tokens.push({ type: 'op', text: op, pos: start });
      i += op.length;
    } else if (c === '"' || c === "'") {
      let text = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        text += source[i++];
      }
      if (i >= source.length) fail(source, start, 'unterminated quoted string');
      i++;
      tokens.push({ type: 'string', text, pos: start });
    } else {
      let text = '';
      while (i < source.length && !WORD_STOP.test(source[i])) {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        text += source[i++];
      }
      tokens.push({ type: KEYWORDS.has(text) ? (text as TokenType) : 'word', text, pos: start });
    }
  }
  tokens.push({ type: 'end', text: '', pos: source.length });
  return tokens;
}

function describe(t: Token): string {
  if (t.type === 'end') return 'end of filter';
  if (t.type === 'string') return `string "${t.text}"`;
  return `"${t.text}"`;
}

export function parseNumber(text: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

class Parser {
  private i = 0;
  /** Parentheses and NOTs open around the current position: bounded, so the recursion cannot overflow the stack. */
  private depth = 0;
  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  private peek() {
    return this.tokens[this.i];
  }
  private next() {
    return this.tokens[this.i++];
  }
  private unexpected(t: Token, expected: string): never {
    fail(this.source, t.pos, `unexpected ${describe(t)}, expected ${expected}`);
  }

  parseAll(): FilterNode {
    const node = this.parseOr();
    const t = this.peek();
    if (t.type === 'rparen') fail(this.source, t.pos, 'unmatched ")"');
    if (t.type !== 'end') this.unexpected(t, '"AND", "OR" or end of filter');
    return node;
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.peek().type === 'OR') {
      this.next();
      children.push(this.parseAnd());
    }
    return or(children);
  }

  private parseAnd(): FilterNode {
    const children = [this.parseUnary()];
    while (this.peek().type === 'AND') {
      this.next();
      children.push(this.parseUnary());
    }
    return and(children);
  }

  private parseUnary(): FilterNode {
    const t = this.peek();
    if (t.type === 'NOT' || t.type === 'lparen') {
      if (this.depth >= MAX_FILTER_DEPTH)
        fail(
          this.source,
          t.pos,
          `parentheses and NOTs nested more than ${MAX_FILTER_DEPTH} levels deep`,
        );
      this.depth++;
      const node = t.type === 'NOT' ? this.parseNot() : this.parseGroup();
      this.depth--;
      return node;
    }
    return this.parseCondition();
  }

  private parseNot(): FilterNode {
    this.next();
    return { kind: 'not', child: this.parseUnary() };
  }

  private parseGroup(): FilterNode {
    const open = this.next();
    const inner = this.parseOr();
    const close = this.peek();
    if (close.type !== 'rparen') {
      if (close.type === 'end') fail(this.source, open.pos, 'missing ")" for the "(" opened');
      this.unexpected(close, '")"');
    }
    this.next();
    return inner;
  }

  private parseCondition(): FilterNode {
    const attr = this.next();
    if (attr.type !== 'word' && attr.type !== 'string')
      this.unexpected(attr, 'a filter such as attribute:value');
    const sep = this.next();
    if (sep.type === 'colon') {
      const value = this.next();
      if (value.type !== 'word' && value.type !== 'string')
        this.unexpected(value, `a value after "${attr.text}:"`);
      if (this.peek().type === 'TO') {
        this.next();
        const hiTok = this.next();
        const lo = parseNumber(value.text);
        const hi =
          hiTok.type === 'word' || hiTok.type === 'string' ? parseNumber(hiTok.text) : undefined;
        if (lo === undefined)
          fail(this.source, value.pos, `range start "${value.text}" is not a number`);
        if (hi === undefined) this.unexpected(hiTok, 'a number after "TO"');
        return { kind: 'range', attribute: attr.text, lo, hi: hi!, pos: attr.pos };
      }
      return { kind: 'facet', attribute: attr.text, value: value.text, pos: attr.pos };
    }
    if (sep.type === 'op') {
      const value = this.next();
      if (value.type !== 'word' && value.type !== 'string')
        this.unexpected(value, `a value after "${attr.text} ${sep.text}"`);
      const n = value.type === 'word' ? parseNumber(value.text) : undefined;
      if (n !== undefined)
        return {
          kind: 'numeric',
          attribute: attr.text,
          op: sep.text as NumericOp,
          value: n,
          pos: attr.pos,
        };
      // A string compared with = or != (the plain stock filter writes status=in_stock; engine/search/README.md,
      // "Filter syntax"): facet equality.
      const facet: FilterNode = {
        kind: 'facet',
        attribute: attr.text,
        value: value.text,
        pos: attr.pos,
        stringEquality: true,
      };
      if (sep.text === '=') return facet;
      if (sep.text === '!=') return { kind: 'not', child: facet };
      fail(this.source, value.pos, `"${sep.text}" needs a number, found ${describe(value)}`);
    }
    this.unexpected(sep, `":" or a comparison after "${attr.text}"`);
  }
}

/** Parses a filters string; an empty string filters nothing (undefined). Throws SearchError (400). */
export function parseFilters(source: string): FilterNode | undefined {
  checkFilterLength('filters', source.length);
  if (!source.trim()) return undefined;
  return new Parser(source, tokenize(source)).parseAll();
}

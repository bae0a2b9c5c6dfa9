/**
 * The changes a reviewer must not miss (docs/publishing.md, "Review in a pull request"):
 * scripts, host names, links to other sites, price and finance wording, and feature
 * switches. Found in the outline of each file (engine/document/outline.ts: one fact a
 * line, named by page, block and list item), so a fact is found wherever it sits — in a
 * new site, a template or a renamed file — and an edit that moves it does not raise it.
 */
import { outlineDocument } from '../../engine/document/outline.ts';

// The kinds and how one outline line is classified are the engine's (the editor's review
// and the server's staff words order changes by them too, engine/document/words/change-words.ts).
import { classifyLine, type RiskKind } from '../../engine/document/risk.ts';

export {
  classifyLine,
  RISK_ORDER,
  RISK_TITLES,
  type RiskKind,
} from '../../engine/document/risk.ts';

export interface RiskyLine {
  kind: RiskKind;
  file: string;
  /** `+` a fact added (or its new value), `-` a fact removed. */
  sign: '+' | '-';
  line: string;
}

function hostsOf(doc: Record<string, any> | undefined): string[] {
  return Array.isArray(doc?.hostnames)
    ? doc.hostnames.filter((h: unknown) => typeof h === 'string')
    : [];
}

/** Outline lines of a document (none for no document); the heading line is left out. */
export function outlineLines(doc: Record<string, any> | undefined): string[] {
  return doc ? outlineDocument(doc).split('\n').slice(1).filter(Boolean) : [];
}

/** Lines of `b` not in `a` (each line counted as often as it occurs). */
export function linesMinus(b: string[], a: string[]): string[] {
  const left = new Map<string, number>();
  for (const l of a) left.set(l, (left.get(l) ?? 0) + 1);
  return b.filter((l) => {
    const n = left.get(l) ?? 0;
    if (n) left.set(l, n - 1);
    return !n;
  });
}

/**
 * The risky facts between two versions of one document (either may be absent: a new or
 * removed file): added facts of every kind; removed host names and feature switches.
 */
export function riskyLines(
  file: string,
  before: Record<string, any> | undefined,
  after: Record<string, any> | undefined,
): RiskyLine[] {
  const a = outlineLines(before);
  const b = outlineLines(after);
  const own = new Set([...hostsOf(before), ...hostsOf(after)].map((h) => h.toLowerCase()));
  const out: RiskyLine[] = [];
  for (const line of linesMinus(b, a))
    for (const kind of classifyLine(line, own)) out.push({ kind, file, sign: '+', line });
  for (const line of linesMinus(a, b))
    for (const kind of classifyLine(line, own))
      if (kind === 'host' || kind === 'feature') out.push({ kind, file, sign: '-', line });
  return out;
}

/** Risky lines of plain sentences (shared data changes), one per sentence. */
export function riskySentences(file: string, sentences: string[]): RiskyLine[] {
  return sentences.flatMap((line) =>
    classifyLine(line, new Set()).map((kind) => ({ kind, file, sign: '+' as const, line })),
  );
}

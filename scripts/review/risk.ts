/**
 * The changes a reviewer must not miss (docs/publishing.md, "Review in a pull request"):
 * scripts, host names, links to other sites, price and finance wording, and feature
 * switches. Found in the outline of each file (engine/document/outline.ts: one fact a
 * line, named by page, block and list item), so a fact is found wherever it sits — in a
 * new site, a template or a renamed file — and an edit that moves it does not raise it.
 */
import { outlineDocument } from '../../engine/document/outline.ts';

export type RiskKind = 'script' | 'host' | 'outside-link' | 'money' | 'feature';

/** In the order the review lists them: what can hurt visitors or the dealer most first. */
export const RISK_TITLES: Record<RiskKind, string> = {
  script: 'Scripts and embedded code',
  host: 'Host names (which addresses serve a site)',
  'outside-link': 'Links and resources on other sites',
  money: 'Prices, finance and fee wording',
  feature: 'Feature switches',
};
export const RISK_ORDER = Object.keys(RISK_TITLES) as RiskKind[];

export interface RiskyLine {
  kind: RiskKind;
  file: string;
  /** `+` a fact added (or its new value), `-` a fact removed. */
  sign: '+' | '-';
  line: string;
}

const SCRIPT =
  /<\s*(script|iframe|object|embed)\b|javascript:|\bon[a-z]+\s*=|<\s*link\b[^>]*import/i;
const URL = /\b(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,}|localhost)(?::\d+)?/gi;
const MONEY =
  /[$€£]\s?\d|\d\s?%|\b(price[sd]?|pricing|interest|apr|comparison rates?|rates?|repayments?|deposit|balloon|drive[- ]?away|fees?|per (week|month)|weekly|monthly|on-road|finance (offers?|packages?|rates?))\b/i;

/** The key part of an outline line (before ` = ` or ` | `). */
const keyOf = (line: string) => line.split(/ = | \| /)[0];

/** What kinds of risk one outline line carries, given the host names of the site. */
export function classifyLine(line: string, ownHosts: Set<string>): RiskKind[] {
  const key = keyOf(line);
  const kinds: RiskKind[] = [];
  if (key.startsWith('$schema')) return kinds;
  if (SCRIPT.test(line)) kinds.push('script');
  if (key === 'hostnames' || key.startsWith('hostnames[')) kinds.push('host');
  const hosts = [...line.matchAll(URL)].map((m) => m[1].toLowerCase());
  if (hosts.some((h) => !ownHosts.has(h))) kinds.push('outside-link');
  if (MONEY.test(line)) kinds.push('money');
  if (key.startsWith('features/') || key === 'features') kinds.push('feature');
  return kinds;
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

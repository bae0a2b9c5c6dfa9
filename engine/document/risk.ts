/**
 * The changes a reviewer must not miss (docs/publishing.md, "Review in a pull request"):
 * scripts, host names, links to other sites, price and finance wording, and feature
 * switches, found in one outline line (outline.ts: "key = value"). The pull-request review
 * (scripts/review/risk.ts) and the staff words of the editor's review, publish and History
 * (engine/document/words/change-words.ts) list them
 * first. Isomorphic.
 */

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

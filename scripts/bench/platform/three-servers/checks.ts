/**
 * The three-server run's counts (docs/deploy.md, "Three servers under load"), as plain
 * functions of what the run saw, so the unit test can show each one catches what it is for
 * (a lost lead or save, a doubled lead, a stale page, a hang).
 */
import type { AckedSave, Kind, Logged } from './load.ts';

export interface LeadTally {
  acknowledged: number;
  stored: number;
  /** Acknowledged, but not in the store. */
  lost: number;
  /** Submissions stored as more than one lead. */
  doubled: number;
  /** Stored under another lead id than the one its sender was told. */
  wrongId: number;
}

export function tallyLeads(
  acknowledged: ReadonlyMap<string, number>,
  stored: readonly { lead_id: number; submission_id: string }[],
): LeadTally {
  const bySubmission = new Map<string, number[]>();
  for (const l of stored)
    bySubmission.set(l.submission_id, [...(bySubmission.get(l.submission_id) ?? []), l.lead_id]);
  let lost = 0;
  let wrongId = 0;
  for (const [submission, leadId] of acknowledged) {
    const ids = bySubmission.get(submission);
    if (!ids) lost++;
    else if (!ids.includes(leadId)) wrongId++;
  }
  const doubled = [...bySubmission.values()].filter((ids) => ids.length > 1).length;
  return { acknowledged: acknowledged.size, stored: stored.length, lost, doubled, wrongId };
}

/** The acknowledged saves a check (is this version in the remote's draft history?) does not find. */
export function lostSaves(
  saves: readonly AckedSave[],
  kept: (save: AckedSave) => boolean,
): AckedSave[] {
  return saves.filter((s) => !kept(s));
}

export interface Failures {
  requests: number;
  failed: number;
  byKind: Record<Kind, { requests: number; failed: number }>;
  /** Failed requests by kind and status (0: refused, cut or timed out). */
  statuses: Record<string, number>;
}

/** Requests started in [from, to) (performance.now() times), and how many failed, by kind. */
export function failures(log: readonly Logged[], from = 0, to = Infinity): Failures {
  const byKind = {
    page: { requests: 0, failed: 0 },
    search: { requests: 0, failed: 0 },
    lead: { requests: 0, failed: 0 },
    save: { requests: 0, failed: 0 },
  };
  let requests = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  for (const r of log) {
    if (r.at < from || r.at >= to) continue;
    requests++;
    byKind[r.kind].requests++;
    if (!r.ok) {
      failed++;
      byKind[r.kind].failed++;
      statuses[`${r.kind} ${r.status}`] = (statuses[`${r.kind} ${r.status}`] ?? 0) + 1;
    }
  }
  return { requests, failed, byKind, statuses };
}

export interface Outage {
  requests: number;
  failed: number;
  /** The slowest failed answer while the database was down: failing fast means small. */
  slowestFailureMs: number;
  /** The slowest answer of any kind then (a hang shows here). */
  slowestMs: number;
  /** Pages and searches answered while the database was down (they need no database). */
  pagesAndSearchesServed: number;
}

export function outage(log: readonly Logged[], from: number, to: number): Outage {
  const during = log.filter((r) => r.at >= from && r.at < to);
  const failed = during.filter((r) => !r.ok);
  return {
    requests: during.length,
    failed: failed.length,
    slowestFailureMs: Math.max(0, ...failed.map((r) => r.ms)),
    slowestMs: Math.max(0, ...during.map((r) => r.ms)),
    pagesAndSearchesServed: during.filter((r) => r.ok && (r.kind === 'page' || r.kind === 'search'))
      .length,
  };
}

export interface Sighting {
  server: number;
  at: number;
  fresh: boolean;
}

/**
 * Pages seen after a publish: how long until every server served the new one (undefined:
 * one never did), and how many old pages were served by a server that had already served
 * the new one, or by any server once all had.
 */
export function publishSpread(
  sightings: readonly Sighting[],
  servers: number,
  from: number,
): { everyServerMs: number | undefined; staleAfterFresh: number } {
  const firstFresh = new Map<number, number>();
  let stale = 0;
  const sorted = [...sightings].sort((a, b) => a.at - b.at);
  for (const s of sorted) {
    if (s.fresh) {
      if (!firstFresh.has(s.server)) firstFresh.set(s.server, s.at);
      continue;
    }
    const all = firstFresh.size === servers ? Math.max(...firstFresh.values()) : Infinity;
    if (firstFresh.has(s.server) || s.at >= all) stale++;
  }
  return {
    everyServerMs:
      firstFresh.size === servers ? Math.max(...firstFresh.values()) - from : undefined,
    staleAfterFresh: stale,
  };
}

/**
 * A slowloris against the server as `npm start` runs it (docs/security.md, "Slow clients
 * cannot hold connections"): a visitor's page p99 (the first demo site's home, 4 requests in
 * flight) quiet, then while 1,000 connections from 40 loopback addresses trickle their
 * headers a line a second and open again as the server closes them (scripts/bench/slowloris/
 * attack.ts). Aim: the p99 during the attack at most 2x the quiet one, measured in the same
 * run. `npm run bench -- slowloris`; `SLOWLORIS_DIST=dist` serves an existing build rather
 * than building one.
 */
import { loadavg } from 'node:os';
import { startBenchServer } from './serve.ts';
import { measureSlowloris } from './slowloris/attack.ts';

export const AIM_RATIO = 2;
export const ATTACK = { connections: 1000, addresses: 40, dripMs: 1000 };

export async function run(): Promise<string> {
  const server = await startBenchServer({}, process.env.SLOWLORIS_DIST);
  try {
    const home = await fetch(`${server.url}/`).then((r) => r.text());
    const site = /href="\/sites\/([^/"]+)\//.exec(home)?.[1];
    if (!site) throw new Error('no demo site on the index page');
    const r = await measureSlowloris(`${server.url}/sites/${site}/`, ATTACK, 1000);
    const ratio = r.duringMs / r.quietMs;
    return [
      `visitor p99 of /sites/${site}/ (1,000 requests, 4 in flight), load ${loadavg()[0].toFixed(1)}`,
      `  quiet:                       ${r.quietMs.toFixed(1)} ms`,
      `  1,000 slowloris connections: ${r.duringMs.toFixed(1)} ms (${ratio.toFixed(2)}x; aim <= ${AIM_RATIO}x) ${ratio <= AIM_RATIO ? 'ok' : 'MISSED'}`,
      `  slow connections open at the end: ${r.heldAtEnd}; closed by the server and opened again: ${r.closedByServer}`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

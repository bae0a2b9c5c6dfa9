/**
 * Lead submissions for the load bench, and the production server they go to: a copy of the
 * sites with the lead site's captcha off.
 */
import type autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startBenchServer } from '../serve.ts';
import { SITE } from './runs.ts';

const root = join(import.meta.dirname, '../../..');

/** Lead submissions, each from a new visitor (own submission id and X-Forwarded-For address: the rate limit is per client). */
export function leadScenario(url: string, nextIp: () => number): autocannon.Options {
  return {
    url: `${url}/api/leads`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const ip = nextIp();
          return {
            ...req,
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            },
            body: JSON.stringify({
              site: SITE,
              submission_id: randomUUID(),
              isLastStep: true,
              source: 'Website',
              name: 'Load Test',
              email: 'load@example.com',
              phone: '021 555 0100',
              message: 'Is this car still available?',
              category: 'General Enquiry',
            }),
          };
        },
      },
    ],
  };
}

/** A production server over a copy of the sites with the lead site's captcha off (a load test can't solve one per request). */
export async function startLeadServer(env: Record<string, string> = {}) {
  const sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-load-sites-'));
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  const file = join(sitesDir, `${SITE}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.features = { ...doc.features, captcha: false };
  writeFileSync(file, JSON.stringify(doc));
  // Each lead comes from its own X-Forwarded-For address (the rate limit is per client), so the proxy header is trusted here.
  const server = await startBenchServer({
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_TRUST_PROXY: 'loopback',
    ...env,
  });
  return { sitesDir, server };
}

/**
 * The scheduled hold release across three servers (docs/api.md, "Reservations"): a car
 * reserved through one server, then every server's test clock (FORECOURT_TEST_CLOCK=1) moved
 * to one instant past the hold's end, each ticking the release job. The job of that minute is
 * one pg-boss job whichever servers ticked it (engine/jobs/pg-boss.ts, periodJobId): it must
 * have run once (completed, never retried), and the hold must be over on every server.
 */
import postgres from 'postgres';
import { solveCaptchaQuestion } from '../../../../engine/api/adapters/captcha.ts';
import { HOLD_RELEASE_JOB } from '../../../../engine/api/reservations/holds.ts';
import {
  HOLD_CHECK_INTERVAL_MS,
  RESERVATION_HOLD_MS,
} from '../../../../engine/api/reservations/terms.ts';
import { JOB_SCHEMA, periodJobId } from '../../../../engine/jobs/pg-boss.ts';
import { benchLead, type BenchSite } from '../../leads/leads-mix.ts';
import { STAFF_TOKEN } from '../../leads/client.ts';

export interface HoldRelease {
  /** Runs of the release job for the minute every server's clock was moved to (aim: 1). */
  runs: number;
  /** Servers whose staff view shows the hold over afterwards (aim: all). */
  releasedOn: number;
  /** Why it could not be measured, if so. */
  problem?: string;
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '10.254.0.1',
      ...init.headers,
    },
  });
  const text = await res.text();
  // A refusal may be plain words (the time budget's answer, docs/security.md): kept as they are.
  const isJson = res.headers.get('content-type')?.includes('json');
  return { status: res.status, body: (text && isJson ? JSON.parse(text) : text) as any };
}

/** A car the Reserve Now rule takes (engine/api/routes/reservations.ts), and its site. */
export function reservableCar(
  sites: BenchSite[],
): { site: string; carId: number; phone: string } | undefined {
  for (const site of sites) {
    const car = site.cars.find(
      (c) =>
        c.status === 'in_stock' &&
        c.sold !== true &&
        (c.price ?? 0) > 10 &&
        (c.payment_processors?.length ?? 0) > 0,
    );
    // A phone number the site's region takes, as the leads bench's leads carry.
    if (car)
      return {
        site: site.slug,
        carId: Number(car.id),
        phone: String(benchLead(0, [site], new Date()).body.phone),
      };
  }
  return undefined;
}

async function reserve(
  base: string,
  { site, carId, phone }: { site: string; carId: number; phone: string },
) {
  const challenge = await json(`${base}/api/captcha`);
  return json(`${base}/api/reservations`, {
    method: 'POST',
    body: JSON.stringify({
      site,
      submission_id: crypto.randomUUID(),
      url: `https://example.com/cars/${carId}`,
      user_agent: 'three-servers run',
      name: 'Hold',
      last_name: 'Release',
      email: 'hold@example.com',
      phone,
      opt_in: false,
      terms_conditions: true,
      car_id: carId,
      captcha: {
        token: challenge.body.token,
        answer: solveCaptchaQuestion(challenge.body.question),
      },
    }),
  });
}

export async function holdRelease(
  bases: string[],
  databaseUrl: string,
  car: ReturnType<typeof reservableCar>,
): Promise<HoldRelease> {
  if (!car) return { runs: 0, releasedOn: 0, problem: 'no reservable car in the demo stock' };
  // Just after the outage a server may still answer 503 (try again): tried for up to 10 s.
  let held = await reserve(bases[0], car);
  for (let waited = 0; held.status === 503 && waited < 10_000; waited += 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    held = await reserve(bases[0], car);
  }
  if (held.status !== 201)
    return {
      runs: 0,
      releasedOn: 0,
      problem: `reservation answered ${held.status} ${JSON.stringify(held.body)}`,
    };
  const nows = await Promise.all(
    bases.map(async (b) => Date.parse((await json(`${b}/api/test/clock`)).body.now)),
  );
  // Mid-minute, past the hold's end on every clock: each server's last tick names this minute.
  const period = Math.floor(
    (Math.max(...nows) + RESERVATION_HOLD_MS + 2 * HOLD_CHECK_INTERVAL_MS) / HOLD_CHECK_INTERVAL_MS,
  );
  const target = period * HOLD_CHECK_INTERVAL_MS + HOLD_CHECK_INTERVAL_MS / 2;
  await Promise.all(
    bases.map((b, n) =>
      json(`${b}/api/test/clock`, {
        method: 'POST',
        body: JSON.stringify({ advance_ms: target - nows[n] }),
      }),
    ),
  );
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const id = periodJobId(HOLD_RELEASE_JOB, period);
    let runs = 0;
    // The job may still be on its way to a server's worker: counted once it completed (10 s at most).
    for (let waited = 0; waited < 10_000; waited += 200) {
      const rows = await sql.unsafe<{ state: string; retry_count: number }[]>(
        `SELECT state, retry_count FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2
         UNION ALL SELECT state, retry_count FROM ${JOB_SCHEMA}.archive WHERE name = $1 AND id = $2`,
        [HOLD_RELEASE_JOB, id],
      );
      if (rows.length && rows.every((r) => r.state === 'completed')) {
        runs = rows.reduce((n, r) => n + 1 + r.retry_count, 0);
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    let releasedOn = 0;
    for (const b of bases) {
      const view = await json(`${b}/api/staff/leads?site=${car.site}&limit=500`, {
        headers: { authorization: `Bearer ${STAFF_TOKEN}` },
      });
      const lead = (view.body?.leads ?? []).find(
        (l: { lead_id: number }) => l.lead_id === held.body.lead_id,
      );
      if (lead?.reservation?.released_at) releasedOn++;
    }
    return { runs, releasedOn };
  } finally {
    await sql.end();
  }
}

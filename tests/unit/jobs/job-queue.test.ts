/**
 * The job queue (engine/jobs; docs/deploy.md, "Background jobs"): in this process by default,
 * and pg-boss on PostgreSQL, where queues opened together on one database share the work: a
 * job sent runs once on one of them, and a schedule runs once a period across them.
 */
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { InProcessQueue } from '../../../engine/jobs/in-process.ts';
import { JOB_SCHEMA } from '../../../engine/jobs/pg-boss.ts';
import { openJobQueue, type JobQueue } from '../../../engine/jobs/queue.ts';
import { postgresAvailable, postgresDatabaseFor, tempDataDir } from '../api/harness.ts';

const quiet = { error: () => {} };
const open: JobQueue[] = [];
afterEach(async () => {
  for (const q of open.splice(0)) await q.stop();
});

/** A promise and its resolver, to hold a job mid-run. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { done, release };
}

describe('in this process', () => {
  it('runs a job sent at once, and a schedule as its clock moves', async () => {
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const q = new InProcessQueue({ clock, log: quiet });
    open.push(q);
    const sent: number[] = [];
    await q.work<{ n: number }>('job', async ({ n }) => void sent.push(n));
    let runs = 0;
    await q.schedule('tick', 60_000, async () => void runs++);
    await q.send('job', { n: 1 });
    await q.settled();
    expect(sent).toEqual([1]);
    expect(runs).toBe(0);
    clock.advance(60_000);
    await q.settled();
    expect(runs).toBe(1);
  });

  it('ticks that come while the job runs make one more run, not one each', async () => {
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const q = new InProcessQueue({ clock, log: quiet });
    open.push(q);
    const hold = gate();
    let runs = 0;
    await q.schedule('tick', 1_000, async () => {
      runs++;
      if (runs === 1) await hold.done;
    });
    clock.advance(10_000);
    hold.release();
    await q.settled();
    expect(runs).toBe(2);
  });

  it('stop waits for the job running', async () => {
    const q = new InProcessQueue({ clock: new FakeClock(), log: quiet });
    const hold = gate();
    let finished = false;
    await q.work('slow', async () => {
      await hold.done;
      finished = true;
    });
    await q.send('slow');
    const stopped = q.stop();
    hold.release();
    await stopped;
    expect(finished).toBe(true);
  });
});

describe.runIf(postgresAvailable)('pg-boss on PostgreSQL', () => {
  /** Two queues on one new database, opened at once as servers started together are. */
  async function twoQueues(clock: FakeClock) {
    const databaseUrl = await postgresDatabaseFor(tempDataDir());
    const queues = await Promise.all(
      [0, 1].map(() => openJobQueue({ clock, databaseUrl, log: quiet })),
    );
    open.push(...queues);
    return Object.assign(queues, { databaseUrl });
  }

  it('makes its tables in its own schema at start, and says so', async () => {
    const queues = await twoQueues(new FakeClock());
    expect(queues[0].where).toContain(JOB_SCHEMA);
    const sql = postgres(queues.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const tables = await sql<{ table_name: string }[]>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = ${JOB_SCHEMA}`;
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['job', 'queue']));
    } finally {
      await sql.end();
    }
  }, 60_000);

  it('a job sent runs once, on one of two servers; a schedule once a period across both', async () => {
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const queues = await twoQueues(clock);
    const ran: string[][] = [[], []];
    const ticks = [0, 0];
    for (const [n, q] of queues.entries()) {
      await q.work<{ id: string }>('job', async ({ id }) => void ran[n].push(id));
      await q.schedule('tick', 60_000, async () => void ticks[n]++);
    }
    const ids = Array.from({ length: 20 }, (_, i) => `job-${i}`);
    await Promise.all(ids.map((id, i) => queues[i % 2].send('job', { id })));
    await Promise.all(queues.map((q) => q.settled()));
    expect([...ran[0], ...ran[1]].sort()).toEqual([...ids].sort());

    for (let period = 1; period <= 3; period++) {
      clock.advance(60_000);
      await Promise.all(queues.map((q) => q.settled()));
      expect(ticks[0] + ticks[1]).toBe(period);
    }
  }, 60_000);

  it('stop lets the job running here finish', async () => {
    const [q] = await twoQueues(new FakeClock());
    const hold = gate();
    const started = gate();
    let finished = false;
    await q.work('slow', async () => {
      started.release();
      await hold.done;
      finished = true;
    });
    await q.send('slow');
    await started.done;
    const stopped = q.stop();
    hold.release();
    await stopped;
    expect(finished).toBe(true);
  }, 60_000);
});

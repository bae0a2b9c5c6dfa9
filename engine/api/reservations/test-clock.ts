/**
 * The test servers' clock control (docs/api.md, "Reservations"): GET /api/test/clock answers
 * the server's time, POST /api/test/clock {"advance_ms": n} moves it on and runs the jobs that
 * fall due (the reservation release job). Mounted only when the server was started with
 * FORECOURT_TEST_CLOCK=1; a production server has no such route. Even then it answers only
 * requests from this machine.
 */
import { Router, type Request } from 'express';
import type { FakeClock } from '../../clock.ts';

/** At most a year per call: enough for any test, and no overflow into invalid dates. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

const fromThisMachine = (req: Request) =>
  /^(::1|127\.\d+\.\d+\.\d+|::ffff:127\.\d+\.\d+\.\d+)$/.test(req.socket.remoteAddress ?? '');

export function testClockRouter(
  clock: FakeClock,
  log: Pick<Console, 'warn'>,
  settled: () => Promise<void> = async () => {},
): Router {
  log.warn(
    '[forecourt] FORECOURT_TEST_CLOCK is on: the API runs on a fake clock that POST /api/test/clock moves. Never use this in production.',
  );
  const router = Router();
  router.use((req, res, next) => {
    if (fromThisMachine(req)) return next();
    res.status(404).json({ error: 'No such API endpoint. See /api/openapi.json.' });
  });
  router.get('/', (_req, res) => {
    res.json({ now: clock.now().toISOString() });
  });
  router.post('/', async (req, res) => {
    const ms = (req.body as { advance_ms?: unknown } | undefined)?.advance_ms;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
      res
        .status(400)
        .json({ error: 'advance_ms must be a whole number of milliseconds from 0 to one year.' });
      return;
    }
    const now = clock.advance(ms);
    // The jobs that fell due (the release job) finish before the answer, so the caller sees their effect.
    await settled();
    res.json({ now: now.toISOString() });
  });
  return router;
}

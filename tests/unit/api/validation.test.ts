/**
 * Every endpoint that takes input refuses bad input with 400 and one {path, message}
 * per problem; bodies over the limit get 413; broken JSON gets 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeRegex } from '../../../engine/api/validation.ts';
import { describeStores, fixtureCar, startApi, type TestApi } from './harness.ts';
import { signedIn } from './sign-in-kit.ts';
import { badInputCases } from './validation-cases.ts';

describeStores('validation', () => {
  let t: TestApi;
  /** A signed-in visitor of au-motors (the watchlist asks for a session before reading input). */
  const SESSION: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApi({ getCar: () => fixtureCar(), getCarBySlug: () => fixtureCar() });
    Object.assign(SESSION, await signedIn(t, { site: 'au-motors', phone_number: '0412 345 678' }));
  });
  afterAll(() => t.close());

  const cases = badInputCases(SESSION);

  describe('validation of every endpoint', () => {
    it.each(cases.map((c) => [`${c.operationId} ${c.method} ${c.path}`, c] as const))(
      '%s',
      async (_name, c) => {
        const res =
          c.method === 'GET'
            ? await t.get(c.path, c.headers)
            : await t.post(c.path, c.body, c.headers);
        expect(res.status, res.text).toBe(400);
        expect(typeof res.body.error).toBe('string');
        const got = res.body.fields as { path: string; message: string }[];
        expect(got.map((f) => f.path).sort()).toEqual(
          c.fields.map((f) => (typeof f === 'string' ? f : f.path)).sort(),
        );
        for (const f of c.fields) if (typeof f !== 'string') expect(got).toContainEqual(f);
        // Forms show these to visitors: never a regular expression, never ajv's own phrasing.
        for (const f of got) {
          expect(looksLikeRegex(f.message), f.message).toBe(false);
          expect(f.message).not.toMatch(/must NOT|must match/);
        }
      },
    );

    it('covers every operation of the OpenAPI document that takes input', () => {
      const doc = t.api.openapi as {
        paths: Record<
          string,
          Record<string, { operationId: string; parameters: unknown[]; requestBody?: unknown }>
        >;
      };
      const withInput = Object.values(doc.paths)
        .flatMap((p) => Object.values(p))
        .filter((op) => op.requestBody || op.parameters.length)
        .map((op) => op.operationId);
      expect(new Set(cases.map((c) => c.operationId))).toEqual(new Set(withInput));
    });
  });

  describe('bodies', () => {
    it('refuses a body over 64 kB with 413', async () => {
      const res = await t.post('/leads', { site: 'au-motors', message: 'x'.repeat(70_000) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'The request is too large.' });
    });

    it('answers 400 for broken JSON and 415 for a body that is not JSON', async () => {
      const broken = await t.raw('/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"site": ',
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ error: 'The request body is not valid JSON.' });
      const form = await t.raw('/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'site=au-motors',
      });
      expect(form.status).toBe(415);
      expect(form.body).toEqual({
        error: 'The request body must be JSON (Content-Type: application/json).',
      });
    });

    it('answers JSON 404 for an unknown endpoint', async () => {
      const res = await t.get('/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/No such API endpoint/);
    });
  });
});

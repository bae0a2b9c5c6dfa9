/**
 * The API's public reads answered in process (engine/api/in-process.ts; docs/api.md, "Read in
 * process"): the same answer as over HTTP, the same refusals, and nothing else answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createValidators } from '../../../engine/api/validation.ts';
import { inProcessReader } from '../../../engine/api/in-process.ts';
import type { ApiContext } from '../../../engine/api/context.ts';
import { ROOT, startApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ sitesDir: join(ROOT, 'sites') });
}, 60_000);
afterAll(() => api?.close());

const read = (path: string, query: string) =>
  api.api.readInProcess(path, new URLSearchParams(query));

describe('reads answered in process', () => {
  it.each([
    ['/reviews/snap21', 'orgId=gold-coast-ford'],
    ['/reviews/snap21', 'orgId=southern-motor-group'],
    ['/reviews', 'site=gold-coast-ford&limit=10'],
    ['/reviews', 'site=southern-motor-group'],
    ['/reviews', 'site=gold-coast-ford&limit=3'],
  ])('%s?%s answers as GET /api does', async (path, query) => {
    const overHttp = await api.get(`${path}?${query}`);
    expect(overHttp.status).toBe(200);
    expect(await read(path, query)).toEqual(overHttp.body);
  });

  it.each([
    ['/reviews/snap21', 'orgId=no-such-dealer'],
    ['/reviews/snap21', ''],
    ['/reviews', 'site=gold-coast-ford&limit=many'],
  ])('%s?%s is refused with the status HTTP gives', async (path, query) => {
    const overHttp = await api.get(`${path}?${query}`);
    expect(overHttp.status).toBeGreaterThanOrEqual(400);
    await expect(read(path, query)).rejects.toThrow(`/api${path} answered ${overHttp.status}`);
  });

  it('leaves every route not marked for it, and a repeated key, to HTTP', () => {
    expect(read('/openapi.json', '')).toBeUndefined();
    expect(read('/cars', 'site=gold-coast-ford')).toBeUndefined();
    expect(read('/reviews/', 'site=gold-coast-ford')).toBeUndefined();
    expect(read('/reviews', 'site=gold-coast-ford&site=southern-motor-group')).toBeUndefined();
  });
});

describe('marking a route for in-process reads', () => {
  const ctx = { validators: createValidators() } as ApiContext;
  const route = {
    method: 'get' as const,
    path: '/things',
    operationId: 'things',
    summary: 'Things',
    tag: 'Test',
    responses: { 200: { description: 'Things.' } },
    inProcess: true as const,
    handle: () => ({ json: { things: [] } }),
  };

  it('is refused for a route that needs its request', () => {
    for (const needsRequest of [
      { method: 'post' as const },
      { auth: 'session' as const },
      { rateLimited: true },
      { path: '/things/{id}' },
    ])
      expect(() => inProcessReader([{ ...route, ...needsRequest }], ctx)).toThrow(
        /things is marked inProcess/,
      );
  });

  it('refuses a route whose answer is not JSON', async () => {
    const pdf = { ...route, handle: () => ({ body: 'x', contentType: 'application/pdf' }) };
    await expect(inProcessReader([pdf], ctx)('/things', new URLSearchParams())).rejects.toThrow(
      '/api/things gave no JSON answer',
    );
  });
});

/** GET /api/openapi.json documents every route the router serves, with schemas that resolve. */
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../../engine/schema/validator.ts';
import { describeStores, startApi, type TestApi } from './harness.ts';

describeStores('OpenAPI', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startApi();
  });
  afterAll(() => t.close());

  type Doc = {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        { operationId: string; responses: Record<string, unknown>; security?: unknown }
      >
    >;
    components: { schemas: Record<string, { $id?: string }> };
  };

  /** The method and path of every route registered on the express router. */
  function expressRoutes(router: Router): string[] {
    return router.stack
      .filter((layer) => layer.route)
      .flatMap((layer) => {
        const route = layer.route as unknown as { path: string; methods: Record<string, boolean> };
        return Object.keys(route.methods).map((m) => `${m.toUpperCase()} ${route.path}`);
      });
  }

  describe('OpenAPI document', () => {
    it('is served at /api/openapi.json', async () => {
      const res = await t.get('/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(res.body).toEqual(t.api.openapi);
    });

    it('lists every route the router serves, and no other', () => {
      const doc = t.api.openapi as Doc;
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      const served = expressRoutes(t.api);
      expect(new Set(documented)).toEqual(new Set(served));
      for (const expected of [
        'POST /leads',
        'POST /forms/:formId',
        'POST /watchlist/save-car',
        'POST /watchlist/remove-car',
        'GET /watchlist',
        'POST /phone-reveals',
        'POST /valuations',
        'POST /valuations/adjustments',
        'POST /rego-lookup',
        'POST /offers/accept',
        'POST /miscellaneous',
        'GET /reviews/snap21',
        'GET /reviews',
        'GET /cars/:id',
        'GET /cars/:slug/pdf',
        'POST /sign-in/code',
        'POST /sign-in',
        'GET /me',
        'POST /sign-out',
        'GET /captcha',
        'GET /geocode',
        'GET /staff/leads',
        'GET /staff/leads.html',
        'GET /openapi.json',
      ]) {
        expect(served).toContain(expected);
      }
    });

    it('documents the error answers each route can give', () => {
      const doc = t.api.openapi as Doc;
      const leads = doc.paths['/leads'].post.responses;
      expect(Object.keys(leads).sort()).toEqual(['200', '201', '400', '404', '413', '429', '500']);
      expect(doc.paths['/staff/leads'].get.security).toEqual([{ staffToken: [] }]);
      expect(Object.keys(doc.paths['/cars/{slug}/pdf'].get.responses)).toContain('200');
    });

    it('references only schemas it contains, and they compile', () => {
      const doc = t.api.openapi as Doc;
      const ids = new Set(Object.values(doc.components.schemas).map((s) => s.$id));
      const refs = new Set<string>();
      const walk = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object') {
          for (const [k, v] of Object.entries(node))
            if (k === '$ref' && typeof v === 'string') refs.add(v);
            else walk(v);
        }
      };
      walk(doc.paths);
      for (const ref of refs) {
        if (ref.startsWith('#/components/schemas/'))
          expect(doc.components.schemas).toHaveProperty(ref.slice('#/components/schemas/'.length));
        else expect(ids).toContain(ref.split('#')[0]);
      }
      const ajv = createAjv();
      for (const s of Object.values(doc.components.schemas))
        expect(() => ajv.getSchema(s.$id!)).not.toThrow();
    });
  });
});

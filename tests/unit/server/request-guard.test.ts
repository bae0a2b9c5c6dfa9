/**
 * What the server believes about a request (docs/security.md, "Editor and server"): which
 * proxy may speak for the client, paths a browser would read as another site, the origin
 * of canonical addresses (never the Host header as sent), and HSTS behind an https proxy.
 * Raw HTTP, so Host, X-Forwarded-* and odd paths are sent exactly as written.
 */
import { afterAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  pageOrigin,
  refuseAmbiguousPaths,
  trustProxySetting,
} from '../../../engine/server/request-guard.ts';
import { securityHeaders } from '../../../engine/server/security.ts';
import { createFeedsRouter } from '../../../engine/server/feeds.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { car } from '../../../blocks/_cars/test-cars.ts';
import { rawRequest } from './raw-http.ts';

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
});

/** An app set up as app.ts sets it up (trust proxy from the given FORECOURT_TRUST_PROXY), plus `routes`. */
async function serve(trust: string | undefined, routes: (app: express.Express) => void) {
  const app = express();
  app.set('trust proxy', trustProxySetting(trust));
  app.use(securityHeaders('production'));
  app.use(refuseAmbiguousPaths());
  routes(app);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}
const whoAmI = (app: express.Express) =>
  app.get('/who', (req, res) =>
    res.json({ ip: req.ip, secure: req.secure, origin: pageOrigin(req, undefined, undefined) }),
  );

describe('trusted proxy (FORECOURT_TRUST_PROXY)', () => {
  it('by default trusts no proxy: X-Forwarded-For from 127.0.0.1 does not choose the client address', async () => {
    const port = await serve(undefined, whoAmI);
    const res = await rawRequest(port, {
      path: '/who',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toMatchObject({ ip: '127.0.0.1', secure: false });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a configured proxy speaks for the client, and its https means HSTS', async () => {
    const port = await serve('loopback', whoAmI);
    const res = await rawRequest(port, {
      path: '/who',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toMatchObject({ ip: '203.0.113.9', secure: true });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    // Plain http through the proxy: no HSTS (it is only ever sent over https).
    const plain = await rawRequest(port, {
      path: '/who',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('reads the setting: unset, empty or "false" is none; a number is hops; else a list', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting(' ')).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });
});

describe('paths a browser would read as another site', () => {
  it('refuses "/\\evil.example/", "//evil.example/" and their encoded forms, with no redirect', async () => {
    const port = await serve(undefined, (app) =>
      app.get(/.*/, (req, res) => res.redirect(301, `${req.path}x`)),
    );
    for (const path of [
      '/\\evil.example/',
      '/\\\\evil.example',
      '//evil.example/',
      '/%5Cevil.example/',
      '/%2f%2fevil.example/',
      '/a\\b',
    ]) {
      const res = await rawRequest(port, { path });
      expect(res.status, path).toBe(400);
      expect(res.headers.location, path).toBeUndefined();
    }
    expect((await rawRequest(port, { path: '/cars/used?make=a\\b' })).status).toBe(301);
  });
});

describe('canonical origin', () => {
  const sites = new SiteStore(join(import.meta.dirname, '../../../sites'));
  const cars = [car({ id: 1, objectID: '1', slug: 'a-1', listed_until: 9e9 })];

  it("is never the request's Host header: a foreign Host gets this server's own address", async () => {
    const port = await serve(undefined, whoAmI);
    expect(
      (await rawRequest(port, { path: '/who', headers: { host: 'evil.example' } })).json().origin,
    ).toBe(`http://localhost:${port}`);
    expect(
      (await rawRequest(port, { path: '/who', headers: { host: `127.0.0.1:${port}` } })).json()
        .origin,
    ).toBe(`http://127.0.0.1:${port}`);
    expect(
      (await rawRequest(port, { path: '/who', headers: { host: 'shop.localhost:8080' } })).json()
        .origin,
    ).toBe('http://shop.localhost:8080');
  });

  it("is the configured public origin when there is one, and the site's own host name when reached by it", () => {
    const req = {
      protocol: 'https',
      get: (h: string) => (h === 'host' ? 'WWW.Dealer.example' : undefined),
      socket: { localPort: 1 },
    } as never;
    expect(pageOrigin(req, undefined, 'https://platform.example.com')).toBe(
      'https://platform.example.com',
    );
    expect(pageOrigin(req, 'www.dealer.example', 'https://platform.example.com')).toBe(
      'https://www.dealer.example',
    );
  });

  it('feed links use the site path on this server, whatever Host the request names', async () => {
    const port = await serve(undefined, (app) =>
      app.use(createFeedsRouter({ sites, cars: () => cars })),
    );
    const res = await rawRequest(port, {
      path: '/sites/southern-motor-group/feeds/vehicles.tsv',
      headers: { host: 'evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('evil.example');
    expect(res.text).toContain(`http://localhost:${port}/sites/southern-motor-group/`);
  });

  it("feed links by host name use the site document's host name", async () => {
    const port = await serve(undefined, (app) =>
      app.use(createFeedsRouter({ sites, cars: () => cars })),
    );
    const res = await rawRequest(port, {
      path: '/feeds/vehicles.tsv',
      headers: { host: 'SouthernMotorGroup.localhost:4173' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('http://southernmotorgroup.localhost:4173/');
  });
});

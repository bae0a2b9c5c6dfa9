/**
 * The stock import cannot reach inside (docs/security.md, "Stock import"): photo downloads
 * refuse loopback, private, link-local and metadata addresses by default (literal, by name,
 * IPv4-mapped IPv6, and after a redirect), connect to the address they checked, stop a
 * body past the limit while it streams, refuse answers that are not images, read no file
 * outside the feed's folder, and a dry run fetches nothing. A local HTTP server stands in
 * for the web: it is reachable only through the `allowAddresses` option.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../engine/assets/asset-check.ts';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { PHOTO_MESSAGES, photoFetcher } from '../../../engine/inventory/import/photos.ts';
import {
  FetchRefused,
  MAX_REDIRECTS,
  openSafely,
} from '../../../engine/inventory/import/safe-fetch.ts';
import { SITES_DIR } from '../helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Every request the stand-in web server saw. */
const seen: IncomingMessage[] = [];
let server: Server;
let port: number;
let base: string;
/** Bytes the endless photo managed to send before the client hung up. */
let endlessSent = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const path = req.url ?? '/';
    const redirect = /^\/redirect\?to=(.*)$/.exec(path);
    if (redirect) return res.writeHead(302, { location: decodeURIComponent(redirect[1]) }).end();
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) {
      const n = Number(hops[1]);
      return n
        ? res.writeHead(302, { location: `/hops/${n - 1}` }).end()
        : res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    }
    if (path === '/car.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/page.png') return res.writeHead(200, { 'content-type': 'text/html' }).end(PNG);
    if (path === '/html-as.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>staff leads</html>');
    if (path === '/endless.png') {
      // No Content-Length, and no end: only the client can stop it.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024);
      const more = () => {
        while (!res.destroyed && res.write(chunk)) endlessSent += chunk.length;
      };
      res.on('drain', more);
      return more();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const LOCAL = ['127.0.0.1'];
const web = (allowAddresses?: string[]) =>
  photoFetcher({ network: true, allowAddresses, timeoutMs: 10_000 });

describe('the strict default', () => {
  it('refuses loopback, private, metadata, IPv6 loopback, IPv4-mapped IPv6 and a name resolving to loopback, before connecting', async () => {
    const fetchPhoto = web();
    for (const url of [
      `${base}/car.png`,
      `http://10.1.2.3:${port}/car.png`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/car.png`,
      `http://[::ffff:127.0.0.1]:${port}/car.png`,
      `http://[fd00:ec2::254]/latest/meta-data/`,
      `http://0.0.0.0:${port}/car.png`,
      `http://2130706433:${port}/car.png`, // 127.0.0.1 as one number
      `http://localhost:${port}/car.png`,
    ])
      await expect(fetchPhoto(url), url).rejects.toThrow(FetchRefused);
    await expect(fetchPhoto(`http://localhost:${port}/car.png`)).rejects.toThrow(
      /^localhost resolves to .* is not a public address/,
    );
    expect(seen).toHaveLength(0);
  });

  it('reaches the local server only through allowAddresses (the control for every test here)', async () => {
    expect(await web(LOCAL)(`${base}/car.png`)).toEqual(PNG);
    expect(seen).toHaveLength(1);
  });
});

describe('redirects', () => {
  it('checks every hop: a redirect from an allowed server to a refused address is not followed', async () => {
    const fetchPhoto = web(LOCAL);
    for (const to of [
      'http://169.254.169.254/latest/meta-data/iam/',
      `http://127.0.0.2:${port}/car.png`,
      `http://[::1]:${port}/car.png`,
      'http://10.0.0.1/',
      'file:///etc/passwd',
    ]) {
      const err = await fetchPhoto(`${base}/redirect?to=${encodeURIComponent(to)}`).catch(
        (e: Error) => e,
      );
      expect(err, to).toBeInstanceOf(FetchRefused);
      expect((err as Error).message, to).toMatch(/^redirected to/);
    }
    // Only the allowed server was asked, once per redirect.
    expect(seen.every((r) => r.url?.startsWith('/redirect'))).toBe(true);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects, itself`, async () => {
    const fetchPhoto = web(LOCAL);
    expect(await fetchPhoto(`${base}/hops/${MAX_REDIRECTS}`)).toEqual(PNG);
    await expect(fetchPhoto(`${base}/hops/${MAX_REDIRECTS + 1}`)).rejects.toThrow(
      `redirected more than ${MAX_REDIRECTS} times`,
    );
  });
});

describe('no DNS rebinding', () => {
  it('resolves a name once per hop and connects to the address it checked', async () => {
    let lookups = 0;
    // A name that answers a permitted address first and an internal one afterwards.
    const resolve = async () => {
      lookups++;
      return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const fetchPhoto = photoFetcher({ network: true, allowAddresses: LOCAL, resolve });
    expect(await fetchPhoto(`http://photos.dealer.test:${port}/car.png`)).toEqual(PNG);
    expect(lookups).toBe(1);
    expect(seen[0].headers.host).toBe(`photos.dealer.test:${port}`);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const resolve = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '192.168.1.10', family: 4 },
    ];
    const fetchPhoto = photoFetcher({ network: true, allowAddresses: LOCAL, resolve });
    await expect(fetchPhoto(`http://photos.dealer.test:${port}/car.png`)).rejects.toThrow(
      'photos.dealer.test resolves to 192.168.1.10 is not a public address',
    );
    expect(seen).toHaveLength(0);
  });
});

describe('answers', () => {
  it('stops a photo sent without a length at the limit, while it streams', async () => {
    endlessSent = 0;
    await expect(web(LOCAL)(`${base}/endless.png`)).rejects.toThrow(MESSAGES.tooLarge);
    // The server was cut off near the limit, not after it had sent everything it could.
    await new Promise((r) => setTimeout(r, 50));
    expect(endlessSent).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses an answer that is not an image by its Content-Type, and by its bytes', async () => {
    await expect(web(LOCAL)(`${base}/page.png`)).rejects.toThrow(
      PHOTO_MESSAGES.notImage('text/html'),
    );
    const r = await importFeed(dataDir, [`${base}/html-as.png`], { allowAddresses: LOCAL });
    // A refused photo is a warning: the car is imported without it (docs/cars.md, "Stock import").
    expect(r.warnings.map((e) => e.message).join()).toContain(MESSAGES.unknownType);
    expect(r.applied).toBe(true);
    expect(r.cars[0].images).toEqual([]);
  });

  it('opens a feed on the web under the same rules', async () => {
    await expect(openSafely(`${base}/car.png`, { maxBytes: 1000 })).rejects.toThrow(FetchRefused);
    await expect(
      openSafely(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`, {
        maxBytes: 1000,
      }),
    ).rejects.toThrow(FetchRefused);
  });
});

const loaded = loadSites(SITES_DIR);
const HEADER = 'Stock No,VIN,Year,Make,Model,Badge,Body,Odometer,Price,Photos';
let dir: string;
let dataDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-fetch-feed-'));
  dataDir = mkdtempSync(join(tmpdir(), 'fc-fetch-data-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** One car whose Photos cell holds `photos`, imported from a feed file in `dir`. */
function importFeed(
  into: string,
  photos: string[],
  extra: Partial<Parameters<typeof importStock>[0]> = {},
) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'feed.csv');
  writeFileSync(
    file,
    `${HEADER}\nA100,MPB1234567ABC0001,2021,Ford,Ranger,XLT,Ute,45120,47990,"${photos.join('|')}"\n`,
  );
  return importStock({
    sitesDir: SITES_DIR,
    dataDir: into,
    site: 'gold-coast-ford',
    dealership: '12',
    file,
    loaded,
    network: true,
    ...extra,
  });
}

describe('local files', () => {
  it("reads photos inside the feed's folder only: not above it, not by an absolute path or file: elsewhere, not through a symlink that leaves it", async () => {
    const outside = mkdtempSync(join(tmpdir(), 'fc-fetch-outside-'));
    try {
      writeFileSync(join(outside, 'secret.png'), PNG);
      mkdirSync(join(dir, 'photos'));
      writeFileSync(join(dir, 'photos', 'car.png'), PNG);
      symlinkSync(join(outside, 'secret.png'), join(dir, 'photos', 'link.png'));
      symlinkSync('/dev/zero', join(dir, 'photos', 'zero.png'));
      const good = await importFeed(dataDir, ['photos/car.png', `file://${dir}/photos/car.png`]);
      expect([...good.errors, ...good.warnings]).toEqual([]);
      for (const photo of [
        `../${outside.split('/').pop()}/secret.png`,
        join(outside, 'secret.png'),
        `file://${join(outside, 'secret.png')}`,
        'photos/link.png',
        'photos/zero.png',
      ]) {
        const r = await importFeed(dataDir, [photo]);
        expect(
          r.warnings.map((e) => e.message),
          photo,
        ).toEqual([`photo 1 (${JSON.stringify(photo)}) was refused: ${PHOTO_MESSAGES.outside}`]);
      }
      const other = await importFeed(dataDir, ['gopher://127.0.0.1:70/']);
      expect(other.warnings[0].message).toContain(PHOTO_MESSAGES.scheme);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('a dry run', () => {
  it('fetches no photo, and still refuses an address the import could not fetch', async () => {
    const r = await importFeed(dataDir, [`${base}/car.png`, `${base}/endless.png`], {
      dryRun: true,
      allowAddresses: LOCAL,
    });
    expect(r.errors).toEqual([]);
    expect(r.photosNotFetched).toBe(2);
    expect(seen).toHaveLength(0);
    const outside = await importFeed(dataDir, ['/etc/hostname'], { dryRun: true });
    expect(outside.warnings[0].message).toContain(PHOTO_MESSAGES.outside);
    // The same import for real fetches them (the control).
    const real = await importFeed(dataDir, [`${base}/car.png`], { allowAddresses: LOCAL });
    expect(real.applied).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

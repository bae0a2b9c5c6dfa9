/** /favicon.ico and /favicon.svg: a real icon for the platform, the site's icon on its host name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { request, type Server } from 'node:http';
import { inflateSync } from 'node:zlib';
import { crc32, FAVICON_SVG, faviconIco, faviconPixels } from '../../../engine/assets/favicon.ts';
import { createFaviconRouter } from '../../../engine/server/favicon.ts';
import type { SiteEntry } from '../../../engine/server/sites.ts';

const southern = { slug: 'southern-motor-group', ok: true } as unknown as SiteEntry;
const sites = { byHostname: (host: string) => (host === 'southern.test' ? southern : undefined) };

function get(
  url: string,
  host?: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The PNG chunks of a buffer, each with its CRC checked. */
function pngChunks(png: Buffer): { type: string; data: Buffer }[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

describe('platform icon', () => {
  it('is an ICO holding one 32×32 PNG whose pixels are the drawn icon', () => {
    const ico = faviconIco();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], ico.readUInt16LE(12)]).toEqual([32, 32, 32]);
    const size = ico.readUInt32LE(14);
    const offset = ico.readUInt32LE(18);
    expect(offset + size).toBe(ico.length);
    const chunks = pngChunks(ico.subarray(offset));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0].data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([32, 32, 8, 6]);
    const raw = inflateSync(chunks[1].data);
    expect(raw.length).toBe(32 * (32 * 4 + 1));
    const pixels = faviconPixels();
    for (let y = 0; y < 32; y++) {
      expect(raw[y * 129]).toBe(0);
      expect(
        raw
          .subarray(y * 129 + 1, (y + 1) * 129)
          .equals(Buffer.from(pixels.subarray(y * 128, (y + 1) * 128))),
      ).toBe(true);
    }
    // Corners transparent, the square blue, the letter white.
    const px = (x: number, y: number) => [
      ...pixels.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4),
    ];
    expect(px(0, 0)).toEqual([0, 0, 0, 0]);
    expect(px(3, 28)).toEqual([0x1f, 0x3a, 0x93, 255]);
    expect(px(11, 20)).toEqual([255, 255, 255, 255]);
  });

  it('is an SVG too', () => {
    expect(FAVICON_SVG).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(FAVICON_SVG).toContain('fill="#1f3a93"');
  });
});

describe('favicon routes', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const app = express();
    app.use(createFaviconRouter({ sites }));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers /favicon.ico with the platform ICO and /favicon.svg with the SVG', async () => {
    const ico = await get(`${base}/favicon.ico`);
    expect([ico.status, ico.headers['content-type']]).toEqual([200, 'image/x-icon']);
    expect(ico.body.equals(faviconIco())).toBe(true);
    expect(ico.headers['cache-control']).toBe('public, max-age=86400');
    const svg = await get(`${base}/favicon.svg`);
    expect([svg.status, svg.headers['content-type']]).toEqual([
      200,
      'image/svg+xml; charset=utf-8',
    ]);
    expect(svg.body.toString()).toBe(FAVICON_SVG);
  });

  it("sends a site's host name to the site's own icon", async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const res = await get(base + path, 'southern.test');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/assets/favicon/southern-motor-group.svg');
    }
  });
});

/**
 * A feed that tolerates a bad photo (docs/cars.md, "Stock import"): a photo that cannot be
 * fetched, is not an image or has too many pixels is a warning naming its row and address;
 * the car is imported without it, every other car as the feed says, and the next import
 * tries the photo again.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRowError } from '../../../engine/inventory/import/feed.ts';
import {
  formatReport,
  importStock,
  loadSites,
} from '../../../engine/inventory/import/import-stock.ts';
import { pngBomb } from '../assets/fixtures/photos.ts';
import { SITES_DIR } from '../helpers.ts';

const HEADER = 'Stock No,VIN,Year,Make,Model,Badge,Body,Odometer,Price,Photos';
const loaded = loadSites(SITES_DIR);
let server: Server;
let base: string;
let dir: string;
let photoIsBack = false;
let jpeg: Buffer;
const bomb = pngBomb();

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a5' } })
    .jpeg()
    .toBuffer();
  server = createServer((req, res) => {
    const image = (bytes: Buffer, type: string) =>
      res.writeHead(200, { 'content-type': type }).end(bytes);
    if (req.url === '/good.jpg' || (req.url === '/dead.jpg' && photoIsBack))
      return image(jpeg, 'image/jpeg');
    if (req.url === '/bomb.png') return image(bomb, 'image/png');
    if (req.url === '/text.jpg') return image(Buffer.from('not a photo'), 'image/jpeg');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'fc-bad-photo-'));
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const importFeed = () => {
  const file = join(dir, 'feed.csv');
  writeFileSync(
    file,
    [
      HEADER,
      `A1,MPB1234567ABC0001,2021,Ford,Ranger,XLT,Ute,45120,47990,${base}/good.jpg`,
      `A2,MPB1234567ABC0002,2022,Ford,Everest,Trend,SUV,12000,59990,"${base}/good.jpg|${base}/dead.jpg"`,
      `A3,MPB1234567ABC0003,2020,Ford,Focus,ST,Hatch,30000,29990,"${base}/bomb.png|${base}/text.jpg"`,
      '',
    ].join('\n'),
  );
  return importStock({
    sitesDir: SITES_DIR,
    dataDir: join(dir, 'data'),
    site: 'gold-coast-ford',
    dealership: '12',
    file,
    loaded,
    network: true,
    allowAddresses: ['127.0.0.1'],
  });
};

describe('a feed with a bad photo', { timeout: 60_000 }, () => {
  it('imports every car, each without the photos it could not have, and names each photo by row and address', async () => {
    const r = await importFeed();
    expect(r.errors).toEqual([]);
    expect(r.applied).toBe(true);
    expect(r.added).toEqual(['A1', 'A2', 'A3']);
    const photos = Object.fromEntries(r.cars.map((c) => [c.stocknum, c.images?.length]));
    expect(photos).toEqual({ A1: 1, A2: 1, A3: 0 });
    const warnings = r.warnings.map(formatRowError);
    expect(warnings).toEqual([
      `row 3, column Photos: photo 2 ("${base}/dead.jpg") could not be read (answered 404)`,
      expect.stringMatching(
        new RegExp(
          `^row 4, column Photos: photo 1 \\("${base}/bomb\\.png"\\) was refused: The image "bomb\\.png" is 20,000 × 20,000 pixels`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^row 4, column Photos: photo 2 \\("${base}/text\\.jpg"\\) was refused: `),
      ),
    ]);
    expect(formatReport(r)).toContain(
      `Imported without 3 photos (the next import tries again):\n  ${warnings[0]}`,
    );
  });

  it('tries the photo again at the next import', async () => {
    photoIsBack = true;
    const r = await importFeed();
    expect(r.changed).toEqual(['A2']);
    expect(r.cars.find((c) => c.stocknum === 'A2')?.images).toHaveLength(2);
    expect(r.warnings).toHaveLength(2);
  });
});

/**
 * The import lock (docs/cars.md, "Stock import"; docs/security.md, "Stock import"): a lock
 * file naming host, process and expiry, pushed on while the import runs; taken over only
 * when it has expired or when it is this host's and its process is gone, never from
 * another machine whose import still runs; an import whose lock was taken over writes
 * nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ImportBusy,
  lockPath,
  withImportLock,
  type LockRecord,
} from '../../../engine/inventory/import/import-lock.ts';

const SLUG = 'nerang-ford';
/** A process id no process has (above Linux's pid_max). */
const GONE = 2147483646;
let dataDir: string;
let path: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-lock-'));
  path = lockPath(dataDir, SLUG);
  mkdirSync(dirname(path), { recursive: true });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const place = (r: Partial<LockRecord>) =>
  writeFileSync(
    path,
    JSON.stringify({
      host: hostname(),
      pid: process.pid,
      expires: Date.now() + 60_000,
      token: 't',
      ...r,
    }),
  );
const read = () => JSON.parse(readFileSync(path, 'utf8')) as LockRecord;
const takes = () => withImportLock(dataDir, SLUG, async () => read());

describe('the import lock', () => {
  it('names host, process and expiry, and is gone when the import ends', async () => {
    const held = await takes();
    expect(held).toMatchObject({ host: hostname(), pid: process.pid });
    expect(held.expires).toBeGreaterThan(Date.now());
    expect(() => read()).toThrow(/ENOENT/);
  });

  it("is never taken from another machine's running import, whatever its process id", async () => {
    place({ host: 'other-machine', pid: GONE });
    await expect(takes()).rejects.toThrow(
      new ImportBusy(
        `Another import of ${SLUG} is running (process ${GONE} on other-machine); try again when it has finished`,
      ),
    );
    expect(read().host).toBe('other-machine');
  });

  it('is taken over when it has expired, from any machine', async () => {
    place({ host: 'other-machine', pid: process.pid, expires: Date.now() - 1 });
    expect((await takes()).host).toBe(hostname());
  });

  it("is taken over from this machine's import whose process is gone, not from one that runs", async () => {
    place({ pid: GONE });
    expect((await takes()).pid).toBe(process.pid);
    place({ pid: process.pid });
    await expect(takes()).rejects.toThrow(ImportBusy);
  });

  it('a lock file that cannot be read holds for its lifetime from when it was written', async () => {
    writeFileSync(path, '');
    await expect(takes()).rejects.toThrow('its lock file cannot be read');
    const old = new Date(Date.now() - 120_000);
    utimesSync(path, old, old);
    expect((await takes()).pid).toBe(process.pid);
  });

  it('is refreshed while the import runs', async () => {
    await withImportLock(
      dataDir,
      SLUG,
      async () => {
        const first = read().expires;
        await vi.waitFor(() => expect(read().expires).toBeGreaterThan(first), { timeout: 5_000 });
      },
      { ttlMs: 300 },
    );
  });

  it('an import whose lock was taken over writes nothing, and leaves the new holder its lock', async () => {
    await withImportLock(dataDir, SLUG, async (lock) => {
      expect(() => lock.assertHeld()).not.toThrow();
      place({ host: 'other-machine', token: 'theirs' });
      expect(() => lock.assertHeld()).toThrow(`The import of ${SLUG} lost its lock`);
    });
    expect(read().token).toBe('theirs');
  });
});

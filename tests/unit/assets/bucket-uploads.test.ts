/**
 * Photo uploads to the bucket are tracked while they run, so a stopping server waits for them
 * (docs/deploy.md, "Stopping a server"): against a local bucket (s3rver behind a proxy that
 * can stall), an upload in progress is counted and named by the drain's step, and waiting for
 * the uploads ends only once it has (stored, or failed at its time limit).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketUploads, photoStoreFromEnv } from '../../../engine/assets/photo-bucket.ts';
import { platformDrainSteps } from '../../../engine/server/drain.ts';
import { removeDir } from '../api/harness.ts';
import { startLocalBucket, type LocalBucket } from './fixtures/local-bucket.ts';

/** A stalled upload's time limit: short, so its test is quick. */
const TIMEOUT_MS = 1500;

let bucket: LocalBucket;
let dataDir: string;
beforeAll(async () => {
  bucket = await startLocalBucket();
  dataDir = mkdtempSync(join(tmpdir(), 'forecourt-uploads-'));
});
afterAll(async () => {
  await bucket?.close();
  removeDir(dataDir);
});

const uploadStep = () => platformDrainSteps(async () => {}).find((s) => /bucket/.test(s.name))!;

describe('uploads to the bucket', () => {
  it('are counted while they run, and waiting for them ends once they have finished', async () => {
    // The SDK's first request loads its signer and parsers: on a busy machine, more than the stall's limit.
    const store = photoStoreFromEnv(dataDir, bucket.env(20_000));
    const bytes = Buffer.from('a photo size');
    expect(bucketUploads.count).toBe(0);
    let stored = false;
    const put = store.put('derivatives/one-w640.webp', bytes, 'image/webp').then(() => {
      stored = true;
    });
    expect(bucketUploads.count).toBe(1);
    expect(uploadStep().detail?.()).toBe('1 left');
    await uploadStep().run();
    expect(stored).toBe(true);
    expect(bucketUploads.count).toBe(0);
    await put;
    expect((await store.get('derivatives/one-w640.webp'))?.bytes).toEqual(bytes);
  }, 60_000);

  it('a stalled one is waited for until its time limit ends it, not for ever', async () => {
    const store = photoStoreFromEnv(dataDir, bucket.env(TIMEOUT_MS));
    bucket.hang = true;
    try {
      let failed = false;
      const put = store
        .put('derivatives/two-w640.webp', Buffer.from('x'), 'image/webp')
        .catch(() => {
          failed = true;
        });
      expect(bucketUploads.count).toBe(1);
      const started = Date.now();
      await bucketUploads.settled();
      expect(failed).toBe(true);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
      expect(bucketUploads.count).toBe(0);
      await put;
    } finally {
      bucket.hang = false;
    }
  }, 30_000);
});

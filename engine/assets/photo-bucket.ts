/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) through the official
 * `@aws-sdk/client-s3`, so every server finds what any of them imported, uploaded or made
 * (docs/deploy.md, "Photos in a bucket"). A bucket that hangs or errors never holds a visitor
 * long: each call is cut off after `timeoutMs` (one try, no SDK retries), and after a failure
 * the bucket is not asked again for DOWN_SECONDS, so the requests in between fail at once
 * (the caller falls back to making the photo here, or answers 503: photo-serve.ts).
 * Credentials never reach a log: a failure is logged by the bucket's name and the error's name.
 * The SDK is loaded on first use, so a server without a bucket never loads it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import {
  FolderPhotoStore,
  PhotoStoreDown,
  type PhotoStore,
  type StoredObject,
} from './photo-store.ts';

/** Longest one bucket call may take by default (FORECOURT_S3_TIMEOUT_MS). */
export const DEFAULT_BUCKET_TIMEOUT_MS = 2000;

/** How long a bucket that failed is left alone before it is asked again. */
export const DOWN_SECONDS = 10;

export interface BucketConfig {
  bucket: string;
  /** An S3-compatible service's address; AWS's own when unset. */
  endpoint?: string;
  region: string;
  /** Both or neither; without them the SDK's own chain (an instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name (MinIO and most local servers need it). */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `forecourt/` to share a bucket. */
  prefix: string;
  timeoutMs: number;
}

const yes = (value: string | undefined) => /^(?:1|true|yes)$/i.test(value?.trim() ?? '');

/** The bucket FORECOURT_S3_* names, or undefined when FORECOURT_S3_BUCKET is unset. */
export function bucketConfigFromEnv(env: NodeJS.ProcessEnv): BucketConfig | undefined {
  const bucket = env.FORECOURT_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const timeout = Number(env.FORECOURT_S3_TIMEOUT_MS);
  const prefix = env.FORECOURT_S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  return {
    bucket,
    endpoint: env.FORECOURT_S3_ENDPOINT?.trim() || undefined,
    region: env.FORECOURT_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.FORECOURT_S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.FORECOURT_S3_SECRET_ACCESS_KEY?.trim() || undefined,
    forcePathStyle: yes(env.FORECOURT_S3_FORCE_PATH_STYLE),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    timeoutMs: timeout > 0 ? timeout : DEFAULT_BUCKET_TIMEOUT_MS,
  };
}

type S3 = typeof import('@aws-sdk/client-s3');

/** Puts to a bucket not finished yet, in this process (every bucket's). */
const uploading = new Set<Promise<void>>();

/**
 * The photo uploads to buckets in progress in this process: a stopping server waits for them
 * (docs/deploy.md, "Stopping a server"), as a size put after its visitor had it would otherwise
 * be cut off. Each is bounded by its calls' time limit.
 */
export const bucketUploads = {
  get count(): number {
    return uploading.size;
  },
  async settled(): Promise<void> {
    while (uploading.size) await Promise.all(uploading);
  },
};

function tracked(put: Promise<void>): Promise<void> {
  const done: Promise<void> = put.then(
    () => void uploading.delete(done),
    () => void uploading.delete(done),
  );
  uploading.add(done);
  return put;
}

/** The SDK's answer for a key that is not there (an S3ServiceException with status 404). */
const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NoSuchKey' || e?.name === 'NotFound';
};

export class BucketPhotoStore implements PhotoStore {
  readonly shared = true;
  private sdk: Promise<{ s3: S3; client: S3Client }> | undefined;
  private downUntil = 0;

  constructor(
    readonly config: BucketConfig,
    /** This server's folder: the originals it stored itself are served from it. */
    private readonly folder: FolderPhotoStore,
  ) {}

  private connect(): Promise<{ s3: S3; client: S3Client }> {
    const { config } = this;
    const { accessKeyId, secretAccessKey } = config;
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // One try: a retry after a timeout would double the wait a visitor sees.
        maxAttempts: 1,
        requestHandler: {
          connectionTimeout: config.timeoutMs,
          requestTimeout: config.timeoutMs,
        },
      }),
    }));
    return this.sdk;
  }

  /** What a log line names: the bucket, never the credentials. */
  get label(): string {
    return `bucket ${this.config.bucket}`;
  }

  file(key: string): string | undefined {
    return this.folder.file(key);
  }

  /** Runs one call within the time limit; a failure marks the bucket down for DOWN_SECONDS. */
  private async call<T>(what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (Date.now() < this.downUntil)
      throw new PhotoStoreDown(`${this.label} is not answering`, DOWN_SECONDS);
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new Error(`no answer in ${this.config.timeoutMs} ms`));
      }, this.config.timeoutMs);
    });
    try {
      return await Promise.race([work(abort.signal), timedOut]);
    } catch (err) {
      if (missing(err)) throw err;
      this.downUntil = Date.now() + DOWN_SECONDS * 1000;
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      console.error(`[forecourt] photos: ${what} on ${this.label} failed (${why})`);
      throw new PhotoStoreDown(`${this.label} is not answering`, DOWN_SECONDS);
    } finally {
      clearTimeout(timer);
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const { s3, client } = await this.connect();
    try {
      return await this.call(`GET ${key}`, async (abortSignal) => {
        const got = await client.send(
          new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: this.config.prefix + key }),
          { abortSignal },
        );
        const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
        return { bytes, type: got.ContentType };
      });
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  put(key: string, bytes: Buffer, type: string): Promise<void> {
    return tracked(this.upload(key, bytes, type));
  }

  private async upload(key: string, bytes: Buffer, type: string): Promise<void> {
    const Key = this.config.prefix + key;
    const { s3, client } = await this.connect();
    const there = await this.call(`HEAD ${key}`, (abortSignal) =>
      client
        .send(new s3.HeadObjectCommand({ Bucket: this.config.bucket, Key }), { abortSignal })
        .then(
          () => true,
          (err: unknown) => {
            if (missing(err)) return false;
            throw err;
          },
        ),
    );
    if (there) return;
    await this.call(`PUT ${key}`, (abortSignal) =>
      client.send(
        new s3.PutObjectCommand({
          Bucket: this.config.bucket,
          Key,
          Body: bytes,
          ContentType: type,
          // Content-addressed: the same key is the same bytes for ever.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
        { abortSignal },
      ),
    );
  }
}

/**
 * The store the environment names: a bucket when FORECOURT_S3_BUCKET is set (this server's
 * folder still holds the originals it imported, served without a round trip), else the folder.
 */
export function photoStoreFromEnv(dataDir: string, env: NodeJS.ProcessEnv): PhotoStore {
  const config = bucketConfigFromEnv(env);
  const folder = new FolderPhotoStore(dataDir);
  return config ? new BucketPhotoStore(config, folder) : folder;
}

const fromProcess = new Map<string, PhotoStore>();

/** photoStoreFromEnv with process.env, one per data folder in a process (one S3 client, one down-timer). */
export function configuredPhotoStore(dataDir: string): PhotoStore {
  let store = fromProcess.get(dataDir);
  if (!store) fromProcess.set(dataDir, (store = photoStoreFromEnv(dataDir, process.env)));
  return store;
}

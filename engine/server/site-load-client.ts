/**
 * Large site documents are prepared off the request thread (docs/publishing.md, "When the
 * remote fails"): parsing, validating and sanitising a document of megabytes holds a thread for
 * seconds, so a document over OFF_THREAD_BYTES is prepared in a worker (site-load-worker.ts)
 * while pages go on answering; only copying the result back runs here. The worker starts on
 * the first large document and ends after a while without one. A worker that fails or cannot
 * start rejects, and the caller prepares the document itself.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SiteEntry } from '../site/folder.ts';
import type { SiteLoadReply, SiteLoadRequest } from './site-load-worker.ts';

/** Documents larger than this are prepared in the worker (the demo sites are under 80 kB). */
export const OFF_THREAD_BYTES = 256 * 1024;
/** The worker ends after this long without a document to prepare. */
export const SITE_WORKER_IDLE_MS = 60_000;

/** The built server has site-load-worker.js beside its chunks (scripts/build-server.ts); from source a bootstrap registers tsx first. */
function workerFile(here = dirname(fileURLToPath(import.meta.url))): string {
  const built = join(here, 'site-load-worker.js');
  return existsSync(built) ? built : join(here, 'site-load-worker.source.mjs');
}

export class SiteLoadWorker {
  private worker: Worker | undefined;
  private readonly calls = new Map<
    number,
    { resolve: (e: SiteEntry) => void; reject: (e: Error) => void }
  >();
  private next = 0;
  private idle: NodeJS.Timeout | undefined;

  load(dir: string, slug: string, earlier: SiteLoadRequest['earlier']): Promise<SiteEntry> {
    clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      worker.ref(); // kept alive while it has work
      worker.postMessage({ id, dir, slug, earlier } satisfies SiteLoadRequest);
    });
  }

  close() {
    clearTimeout(this.idle);
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private start(): Worker {
    // From source, none of the parent's options (`--import tsx` twice), as the sanitiser's worker.
    const worker = new Worker(workerFile(), { execArgv: [] });
    worker.on('message', (reply: SiteLoadReply) => {
      const call = this.calls.get(reply.id);
      this.calls.delete(reply.id);
      if ('error' in reply) call?.reject(new Error(reply.error));
      else call?.resolve(reply.entry);
      if (!this.calls.size) this.rest(worker);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const call of this.calls.values()) call.reject(err);
      this.calls.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`the site load worker stopped (exit code ${code})`)),
    );
    return worker;
  }

  /** Nothing to do: the worker does not keep the process alive, and ends after a while. */
  private rest(worker: Worker) {
    worker.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.worker === worker && !this.calls.size) this.close();
    }, SITE_WORKER_IDLE_MS);
    this.idle.unref();
  }
}

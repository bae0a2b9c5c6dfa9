/**
 * The worker that prepares a large site document off the request thread (site-load-client.ts;
 * docs/publishing.md, "When the remote fails"): it reads, parses and prepares the document as
 * the server's own SiteFolder would, with the same sanitiser rules, and answers the entry.
 */
import { parentPort } from 'node:worker_threads';
import { sanitizeHtml } from '../sanitize/html.server.ts';
import { SiteFolder, type SiteEntry } from '../site/folder.ts';

export interface SiteLoadRequest {
  id: number;
  dir: string;
  slug: string;
  /** The sites that claim host names before this one: their slug and document's `hostnames`. */
  earlier: { slug: string; hostnames: unknown }[];
}

export type SiteLoadReply = { id: number; entry: SiteEntry } | { id: number; error: string };

/** One folder per sites folder: templates are read at each load, as the server's own folder reads them. */
const folders = new Map<string, SiteFolder>();

parentPort?.on('message', (request: SiteLoadRequest) => {
  let reply: SiteLoadReply;
  try {
    let folder = folders.get(request.dir);
    if (!folder) folders.set(request.dir, (folder = new SiteFolder(request.dir, { sanitizeHtml })));
    const earlier = request.earlier.map(
      ({ slug, hostnames }) =>
        ({ slug, file: '', ok: false, issues: [], raw: { hostnames } }) as SiteEntry,
    );
    reply = { id: request.id, entry: folder.load(request.slug, earlier) };
  } catch (err) {
    reply = { id: request.id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});

/**
 * The sanitiser worker: DOMPurify on jsdom, with the rich-text rules (html-rules.ts) and
 * the SVG rules (svg-rules.ts). The server starts it on demand and ends it when idle, so
 * jsdom (about 100 MB) is held only while something is being sanitised (purify-client.ts;
 * docs/deploy.md, "Memory and start-up"). jsdom loads at once: starting the worker early
 * is how the server gets it loaded on another core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createHtmlSanitizer } from './html-rules.ts';
import {
  SIGNAL,
  START_FAILED,
  type PurifyReply,
  type PurifyRequest,
  type PurifyWorkerData,
} from './purify-protocol.ts';
import { createSvgCleaner } from './svg-rules.ts';

const { signal, syncPort } = workerData as PurifyWorkerData;

/** Posted for a waiting caller to read, then the signal raised (as synckit does). */
function answerWaiting(reply: PurifyReply) {
  syncPort.postMessage(reply);
  Atomics.add(signal, SIGNAL.answered, 1);
  Atomics.notify(signal, SIGNAL.answered);
}

let window: Window & typeof globalThis;
let sanitizeHtml: (html: string) => string;
try {
  // Imported here, not statically, so a jsdom that cannot load is told to a waiting caller at once.
  const { JSDOM } = await import('jsdom');
  window = new JSDOM('').window as unknown as Window & typeof globalThis;
  sanitizeHtml = createHtmlSanitizer(window);
} catch (err) {
  answerWaiting({ id: START_FAILED, error: (err as Error)?.message ?? String(err) });
  throw err;
}
let cleanSvg: ReturnType<typeof createSvgCleaner> | undefined;
Atomics.store(signal, SIGNAL.ready, 1);
// Heard by a server waiting to end this worker once it has loaded (purify-client.ts, retire).
Atomics.notify(signal, SIGNAL.ready);

function run(request: PurifyRequest): PurifyReply {
  try {
    if (request.job === 'html') return { id: request.id, result: sanitizeHtml(request.text) };
    cleanSvg ??= createSvgCleaner(window);
    return { id: request.id, result: cleanSvg(request.text) };
  } catch (err) {
    return { id: request.id, error: (err as Error)?.message ?? String(err) };
  }
}

parentPort!.on('message', (request: PurifyRequest) => {
  const reply = run(request);
  if (request.sync) answerWaiting(reply);
  else parentPort!.postMessage(reply);
});

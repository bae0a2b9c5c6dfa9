/**
 * The sanitiser worker compiled once for a test file that starts it many times
 * (tests/unit/bundled-script.ts): a start from source registers tsx in the worker and
 * transpiles its modules again, about a second of CPU on top of jsdom's load. The built
 * server starts the compiled worker too; the start from source is still proved where a
 * test starts a process of its own.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  endPurifyWorker,
  purifyWorkerForTests,
  setPurifyWorkerFileForTests,
} from '../../../engine/sanitize/purify-client.ts';
import { bundledScript, type BundledScript } from '../bundled-script.ts';

/** Ends the running worker, if any, and waits until it has gone. */
export async function endWorker(): Promise<void> {
  const worker = purifyWorkerForTests();
  endPurifyWorker();
  await worker?.terminate();
}

/**
 * Workers of this file start from a compiled copy; the file's last worker is ended and the
 * source's entry is back after it (the next test file in this vitest worker shares the module).
 */
export function compiledPurifyWorkerForFile(): void {
  let compiled: BundledScript | undefined;
  beforeAll(async () => {
    compiled = await bundledScript('engine/sanitize/purify-worker.ts');
    // A worker left running by the file before this one was started from the source.
    await endWorker();
    setPurifyWorkerFileForTests(compiled.file);
  });
  afterAll(async () => {
    await endWorker();
    setPurifyWorkerFileForTests(undefined);
    compiled?.remove();
  });
}

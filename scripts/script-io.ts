/**
 * What a script's `main(argv, io)` reads and writes: the process's own when run as a command,
 * or a capture when a test calls it in its own process (README, "Tests": starting a process
 * per call costs seconds, so the tests start one per script only, to prove this wiring).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ScriptIo {
  /** The folder relative paths on the command line are read from. */
  cwd: string;
  /** The environment (diff:sites blanks the values of secret-looking variables). */
  env: NodeJS.ProcessEnv;
  /** Standard output; resolves once written. */
  out(text: string): Promise<void>;
  /** Standard error. */
  err(text: string): void;
}

export type ScriptMain = (argv: string[], io: ScriptIo) => Promise<number> | number;

/**
 * Standard output waits until it is flushed: a pipe (git, CI) takes 64 KiB at a time, and
 * process.exit would cut the rest.
 */
export const processIo: ScriptIo = {
  cwd: process.cwd(),
  env: process.env,
  out: (text) =>
    new Promise((done, fail) => process.stdout.write(text, (err) => (err ? fail(err) : done()))),
  err: (text) => void process.stderr.write(text),
};

/** Whether the module at `moduleUrl` is the process's entry (run as a command, not imported). */
export function isEntry(moduleUrl: string): boolean {
  return !!process.argv[1] && resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/** Runs `main` when its module is the process's entry, and exits with the code it returns. */
export function runAsCommand(moduleUrl: string, main: ScriptMain): void {
  if (!isEntry(moduleUrl)) return;
  Promise.resolve()
    .then(() => main(process.argv.slice(2), processIo))
    .then(
      (code) => process.exit(code),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
}

/** An io that keeps what is written, for tests. */
export function capturedIo(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): ScriptIo & { stdout: string; stderr: string } {
  const io = {
    cwd,
    env,
    stdout: '',
    stderr: '',
    out: async (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
  };
  return io;
}

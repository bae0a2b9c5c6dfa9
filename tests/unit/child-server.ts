/**
 * A test's server as a process of its own (a drain, a SIGKILL, two servers on one database):
 * started, its output kept, waited for by what it prints, stopped. Beside `listen.ts`, which
 * serves a test's app in the test's own process.
 *
 * A `.ts` script starts under tsx, as a command's wiring is proved (README, "Tests"); a
 * `.js` one is a fixture server compiled once for its test file (tests/unit/bundled-script.ts),
 * for a file that starts it several times: every tsx start transpiles the server's few hundred
 * modules again, about 2 s of CPU more than the compiled script's start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './helpers.ts';

/** What a started server prints once it serves: `listening on http://127.0.0.1:{port}`. */
export const LISTENING = /listening on (\S+)/;

export interface Child {
  proc: ChildProcess;
  out(): string;
  err(): string;
  /** Resolves once `pattern` shows in the process's output; rejects if it exits first. */
  printed(pattern: RegExp | string): Promise<void>;
  /** Its exit code (null when a signal ended it), once its output is all in. */
  exited: Promise<number | null>;
  /** SIGKILL, unless it has already ended, and its exit waited for. */
  kill(): Promise<void>;
}

export interface ChildServer extends Child {
  /** `http://127.0.0.1:{port}`, as it printed. */
  base: string;
  port: number;
}

export interface ChildOptions {
  /** Added to the test's own environment. */
  env?: Record<string, string | undefined>;
  cwd?: string;
}

/** Starts `script` (`.ts`: under tsx; `.js`: compiled) with `args`, without waiting for it. */
export function spawnChild(script: string, args: string[] = [], options: ChildOptions = {}): Child {
  const node = script.endsWith('.js') ? [script] : ['--import', 'tsx', script];
  const proc = spawn(process.execPath, [...node, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const all = () => out + err;
  const waiters = new Set<() => void>();
  const heard = () => waiters.forEach((w) => w());
  proc.stdout!.on('data', (c: Buffer) => ((out += c), heard()));
  proc.stderr!.on('data', (c: Buffer) => ((err += c), heard()));
  // 'close', not 'exit': by then its output has all been read.
  const exited = new Promise<number | null>((resolve) => proc.once('close', resolve));
  const printed = (pattern: RegExp | string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const text = all();
        if (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
      void exited.then(() => {
        check();
        if (waiters.delete(check))
          reject(new Error(`exited without printing ${pattern}:\n${all()}`));
      });
    });
  const kill = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  };
  return { proc, out: () => out, err: () => err, printed, exited, kill };
}

/** Starts a server script and resolves once it prints where it listens. */
export async function startChildServer(
  script: string,
  args: string[] = [],
  options: ChildOptions = {},
): Promise<ChildServer> {
  const child = spawnChild(script, args, options);
  await child.printed(LISTENING);
  const base = LISTENING.exec(child.out())![1];
  return { ...child, base, port: Number(new URL(base).port) };
}

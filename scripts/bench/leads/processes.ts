/**
 * The leads bench's server processes (api-server.ts), each on a port of its own that it
 * keeps across restarts (as a server behind a fixed address), SIGKILLed and started again
 * as a crash and a supervisor's restart would. Each process of a slot is an instance
 * ("a1", "a2", …) that signs its mail with its name (FORECOURT_MAIL_FROM), so the SMTP log
 * says which process sent what.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');
const SCRIPT = join(import.meta.dirname, 'api-server.ts');
const START_TIMEOUT_MS = 120_000;

export class BenchServer {
  private proc: ChildProcess | undefined;
  private instance = 0;
  /** The instances SIGKILLed so far. */
  readonly killed = new Set<string>();
  up = false;

  constructor(
    readonly slot: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    /** The server's code: api-server.ts through tsx, or the same compiled (a test's). */
    private readonly script = SCRIPT,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get sender() {
    return `${this.slot}${this.instance}@bench.servers`;
  }

  /** Starts the next instance and resolves once it serves. */
  async start(): Promise<void> {
    this.instance++;
    const sender = this.sender;
    const args = this.script.endsWith('.ts') ? ['--import', 'tsx', this.script] : [this.script];
    const proc = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        ...this.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        FORECOURT_MAIL_FROM: `"Bench ${sender}" <${sender}>`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(
          new Error(`${sender} did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`),
        );
      }, START_TIMEOUT_MS);
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        if (/listening on /.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.stderr!.on('data', (chunk: Buffer) => {
        output += chunk;
        // What a server logs as an error is the bench's to show (a failed claim, a failed record).
        process.stderr.write(`[${sender}] ${chunk}`);
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${sender} exited (${code ?? signal}) before serving:\n${output}`));
      });
    });
    this.up = true;
    proc.once('exit', () => {
      if (this.proc === proc) this.up = false;
    });
  }

  /** SIGKILL: no clean-up, whatever it was sending or recording is cut off. */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode) return;
    this.up = false;
    this.killed.add(this.sender);
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }

  /** Ends the run's last instance (its work done): not counted as a crash. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode) return;
    this.up = false;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
}

/**
 * git commands that talk to the remote (fetch, push), run off the thread that answers
 * visitors: each is a child process with a time limit, killed when it passes it, and never
 * waits for a password or a host-key question (docs/publishing.md, "When the remote fails").
 */
import { spawn } from 'node:child_process';

/** How long one fetch or push may take (FORECOURT_GIT_TIMEOUT_SECONDS, default 60). */
export function remoteTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.FORECOURT_GIT_TIMEOUT_SECONDS ?? 60);
  return Math.max(1, Number.isFinite(seconds) ? seconds : 60) * 1000;
}

/** A remote command that failed: git's own last line, or that it was stopped at its time limit. */
export class RemoteError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/**
 * Environment that makes git fail instead of waiting for a person: no terminal prompt, ssh in
 * batch mode with a connect timeout, and an HTTP transfer that stalls counts as failed.
 */
const NON_INTERACTIVE: NodeJS.ProcessEnv = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: 'true',
  SSH_ASKPASS: 'true',
  GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o ConnectTimeout=15',
  GIT_HTTP_LOW_SPEED_LIMIT: '1',
  GIT_HTTP_LOW_SPEED_TIME: '30',
};

/**
 * Runs `git args` in `cwd` without blocking the event loop; resolves with its standard output.
 * git runs in a process group of its own, and the whole group is killed at the time limit:
 * a fetch's transport helper (git-remote-http, ssh) would otherwise outlive git and hold the
 * pipes open, so the command would never be seen to end.
 */
export function runRemoteGit(
  cwd: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? remoteTimeoutMs();
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...NON_INTERACTIVE, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr
      .setEncoding('utf8')
      .on('data', (d: string) => (stderr = (stderr + d).slice(-4096)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    const fail = (message: string) => reject(new RemoteError(message, timedOut));
    child.on('error', (err) => {
      clearTimeout(timer);
      fail(`git ${args[0]} could not start: ${err.message}`);
    });
    // Whatever the helpers still hold, the group goes with git; then the pipes close.
    child.on('exit', () => killGroup(child.pid));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut)
        return fail(
          `git ${args[0]} gave no answer within ${Math.round(timeoutMs / 1000)} s and was stopped`,
        );
      if (code === 0) return resolve(stdout.trimEnd());
      fail(`git ${args[0]} failed: ${gitSaid(stderr) || `exit code ${code}`}`);
    });
  });
}

/** git's reasons, in one line: the remote's own words and the refused refs, not the progress. */
function gitSaid(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(remote:|error:|fatal:|!|hint: Updates were rejected)/.test(l));
  return lines.slice(-4).join(' | ');
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

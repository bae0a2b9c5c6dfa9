/**
 * A real PostgreSQL server for the tests (docs/api.md, "Storage"): never a fake. The unit
 * project's global setup (postgres-global.ts) only prepares an empty folder; the first test
 * that asks for a database starts one cluster there (initdb, pg_ctl on a free port), every
 * other test file of the run reuses it, and the global teardown stops it. Each test API
 * gets a database of its own in that cluster.
 *
 * PostgreSQL refuses to run as root: as root the server runs as the `postgres` user
 * (runuser), which owns the folder. Without the server binaries (initdb, pg_ctl) the
 * PostgreSQL leg of the tests is skipped, saying so; when they are there and the server
 * does not start, the tests fail.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';

/** Where initdb and pg_ctl are: PG_BIN, else the newest Debian install, else PATH. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb')))
    return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin/initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found ? join(found, '..') : undefined;
}

export const POSTGRES_MISSING =
  'PostgreSQL server binaries (initdb, pg_ctl) were not found, so the PostgreSQL store is not tested: install them (Debian: apt-get install -y postgresql, or set PG_BIN)';

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program as a user the server accepts (postgres, when we are root). */
function pgRun(bin: string, program: string, args: string[]) {
  const [cmd, argv] = asRoot()
    ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
    : [join(bin, program), args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** An empty folder the server's user may write (global setup). */
export function preparePostgresDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  if (asRoot()) execFileSync('chown', ['postgres:postgres', dir]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts a cluster in `dir` (initdb, then pg_ctl start); answers the admin connection string. */
export async function startCluster(dir: string, durability: Durability = {}): Promise<string> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const data = join(dir, 'data');
  pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  pgStart(bin, dir, port, durability);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/**
 * `durable`: a commit is on disk before it is answered, as in production, for a test that
 * stops the cluster as a crash does and counts what was acknowledged.
 */
type Durability = { durable?: boolean };

function pgStart(bin: string, dir: string, port: number, { durable = false }: Durability = {}) {
  // Durability settings off unless asked for: a test cluster is thrown away, and this keeps
  // it quick. With synchronous_commit off, a crash loses commits already answered.
  const quick = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${quick} -c max_connections=400`;
  pgRun(bin, 'pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    options,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

/**
 * Starts a cluster `stopCluster` stopped again, on the port of its connection string (an
 * outage of the database: tests/unit/platform/three-servers.test.ts).
 */
export function restartCluster(dir: string, adminUrl: string, durability: Durability = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  pgStart(bin, dir, Number(new URL(adminUrl).port), durability);
}

export function stopCluster(dir: string) {
  const bin = postgresBinDir();
  const data = join(dir, 'data');
  if (bin && existsSync(join(data, 'postmaster.pid')))
    pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The run's cluster in `dir`: started by the first caller (mkdir of `lock` is atomic
 * across the test workers), waited for by the others. Answers its admin connection string.
 */
export async function sharedCluster(dir: string): Promise<string> {
  const urlFile = join(dir, 'url');
  const failedFile = join(dir, 'failed');
  let starter = false;
  try {
    mkdirSync(join(dir, 'lock'));
    starter = true;
  } catch {
    // another worker is starting it
  }
  if (starter) {
    try {
      writeFileSync(urlFile + '.tmp', await startCluster(dir));
      renameSync(urlFile + '.tmp', urlFile);
    } catch (err) {
      writeFileSync(
        failedFile,
        String((err as { stderr?: string }).stderr || (err as Error).message),
      );
      throw err;
    }
  }
  for (let waited = 0; waited < 120_000; waited += 100) {
    if (existsSync(urlFile)) return readFileSync(urlFile, 'utf8');
    if (existsSync(failedFile))
      throw new Error(
        `the test PostgreSQL server did not start: ${readFileSync(failedFile, 'utf8')}`,
      );
    await sleep(100);
  }
  throw new Error('the test PostgreSQL server did not start within 2 minutes');
}

let created = 0;

/** Makes a new database (`template`: a copy of it); answers its connection string. */
async function createDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${process.pid}_${++created}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, empty database in the cluster; answers its connection string. */
export const createTestDatabase = (adminUrl: string, prefix = 'forecourt_test'): Promise<string> =>
  createDatabase(adminUrl, prefix);

/** The cluster's database as a server's first start leaves it (one per cluster). */
const STARTED_TEMPLATE = 'forecourt_started_template';
/** The advisory lock the test workers take to make it (any fixed number). */
const TEMPLATE_LOCK = 7_465_110_024;

/**
 * A new database as a server's first start leaves it (migrated, the job queue's schema and
 * queues made): a copy of the cluster's template, which the first call makes by running
 * `firstStart` on an empty database. Copying takes about 130 ms; a first start on an empty
 * database took 300–800 ms, for each of the 160 tests that start an API on PostgreSQL. A
 * test of what a first start makes asks createTestDatabase for an empty one.
 */
export async function createStartedDatabase(
  adminUrl: string,
  firstStart: (url: string) => Promise<void>,
): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`SELECT pg_advisory_lock(${TEMPLATE_LOCK})`;
    try {
      const [made] = await admin`SELECT 1 FROM pg_database WHERE datname = ${STARTED_TEMPLATE}`;
      if (!made) {
        const url = await createTestDatabase(adminUrl, 'forecourt_template_making');
        await firstStart(url);
        // Renamed only once nothing is connected to it (a template must have no connections).
        await admin.unsafe(
          `ALTER DATABASE ${new URL(url).pathname.slice(1)} RENAME TO ${STARTED_TEMPLATE}`,
        );
      }
    } finally {
      await admin`SELECT pg_advisory_unlock(${TEMPLATE_LOCK})`;
    }
  } finally {
    await admin.end();
  }
  return createDatabase(adminUrl, 'forecourt_test', STARTED_TEMPLATE);
}

export function removePostgresDir(dir: string) {
  try {
    stopCluster(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

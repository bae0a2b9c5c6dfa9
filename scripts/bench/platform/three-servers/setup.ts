/**
 * What the three-server run stands on (docs/deploy.md, "Three servers under load"): a
 * PostgreSQL cluster of its own (started as tests/setup/postgres.ts starts the tests' one,
 * so the run may stop and start it without touching anyone else's database), a bare git
 * remote holding a copy of sites/, a stand-in of a dealer's system serving one stock feed
 * (counting the pulls), and three server processes (server.ts), each with its own clone of
 * the remote and its own data folder: no folder is shared.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_ENTRY } from '../../../../engine/server/manifest.ts';
import {
  createTestDatabase,
  preparePostgresDir,
  removePostgresDir,
  restartCluster,
  startCluster,
  stopCluster,
} from '../../../../tests/setup/postgres.ts';
import { STAFF_TOKEN } from '../../leads/client.ts';
import { BenchServer } from '../../leads/processes.ts';
import { freePort } from '../process.ts';

const root = join(import.meta.dirname, '../../../..');
const SCRIPT = join(import.meta.dirname, 'server.ts');

export const EDITOR_TOKEN = 'three-servers-editor-token-0123456789';
/** The site and dealership whose feed the queue pulls on its schedule. */
/** Commits on disk before they are answered, as in production: the run stops PostgreSQL as a crash does and counts acknowledged leads. */
const DURABLE = { durable: true };

export const PULLED = { site: 'gold-coast-ford', dealership: 'gold-coast-ford' };
/** The pulled feed's cars (the feed-pulls test's rows): stock numbers A100…A102. */
const FEED = [
  'Stock No,VIN,Rego,Condition,Year,Make,Model,Badge,Body,Colour,Odometer,Price',
  'A100,MPB1234567ABC0001,ABC123,Used,2021,Ford,Ranger,XLT,Ute,White,45120,47990',
  'A101,MPB1234567ABC0002,,New,2025,Ford,Everest,Trend,SUV,Blue,12,69990',
  'A102,MR0ABCDEFGH000003,XYZ789,Used,2019,Toyota,HiLux,SR5,Ute,Grey,98000,42990',
].join('\n');

/** A renderer that writes the site's name: the page tells which published revision it is. */
const NAME_RENDERER = `export async function renderPage({ site }) {
  return { status: 200, html: '<h1>' + site.name + '</h1>', title: site.name, blockTypes: [], payload: { site, initialData: { url: '/', data: {} } } };
}
`;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Run', '-c', 'user.email=run@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

export interface Platform {
  servers: BenchServer[];
  /** Each server's address, e.g. http://127.0.0.1:4321. */
  bases: string[];
  /** Each server's clone of the remote and data folder (an import runs there). */
  folders: { sitesDir: string; dataDir: string }[];
  databaseUrl: string;
  /** The bare remote (FORECOURT_GIT_REMOTE). */
  remote: string;
  /** How many times the dealer's system was asked for the feed. */
  feedPulls(): number;
  /** Stops PostgreSQL as a crash does (pg_ctl stop -m immediate). */
  stopDatabase(): void;
  startDatabase(): void;
  close(): Promise<void>;
}

function bareDist(work: string): string {
  const dist = join(work, 'dist');
  mkdirSync(join(dist, 'server'), { recursive: true });
  mkdirSync(join(dist, 'client/.vite'), { recursive: true });
  writeFileSync(join(dist, 'server/entry-server.js'), NAME_RENDERER);
  writeFileSync(
    join(dist, 'client/.vite/manifest.json'),
    JSON.stringify({ [CLIENT_ENTRY]: { file: 'build/entry.js' } }),
  );
  return dist;
}

/** A bare remote whose main holds a copy of sites/. */
function bareRemote(work: string): string {
  const seed = join(work, 'seed');
  cpSync(join(root, 'sites'), seed, { recursive: true });
  git(seed, 'init', '-q', '-b', 'main');
  git(seed, 'add', '-A');
  git(seed, 'commit', '-qm', 'Sites');
  const remote = join(work, 'remote.git');
  mkdirSync(remote);
  git(remote, 'init', '-q', '--bare', '-b', 'main');
  git(seed, 'push', '-q', remote, 'HEAD:refs/heads/main');
  return remote;
}

async function dealerSystem(): Promise<{ server: Server; url: string; count: () => number }> {
  let pulls = 0;
  const server = createServer((req, res) => {
    if (req.url === '/feed.csv') pulls++;
    res.writeHead(200, { 'content-type': 'text/csv' }).end(`${FEED}\n`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/feed.csv`, count: () => pulls };
}

/** Starts the platform: `script` is server.ts, or the same compiled (tests/unit/bundled-script.ts). */
export async function startPlatform(script = SCRIPT, count = 3): Promise<Platform> {
  const work = mkdtempSync(join(tmpdir(), 'forecourt-three-servers-'));
  // The postgres user must reach the cluster's folder: one of its own in the temporary folder.
  const pgDir = mkdtempSync(join(tmpdir(), 'forecourt-three-servers-pg-'));
  preparePostgresDir(pgDir);
  const servers: BenchServer[] = [];
  const dms = await dealerSystem();
  const cleanup = async () => {
    await Promise.all(servers.map((s) => s.kill()));
    dms.server.closeAllConnections();
    dms.server.close();
    removePostgresDir(pgDir);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const adminUrl = await startCluster(pgDir, DURABLE);
    const databaseUrl = await createTestDatabase(adminUrl, 'forecourt_three_servers');
    const remote = bareRemote(work);
    const dist = bareDist(work);
    const feeds = join(work, 'feeds.json');
    writeFileSync(feeds, JSON.stringify({ feeds: [{ ...PULLED, url: dms.url }] }));
    const folders = Array.from({ length: count }, (_, n) => {
      const sitesDir = join(work, `server-${n + 1}/sites`);
      mkdirSync(join(work, `server-${n + 1}`));
      git(work, 'clone', '-q', '-b', 'main', remote, sitesDir);
      return { sitesDir, dataDir: join(work, `server-${n + 1}/data`) };
    });
    for (const [n, folder] of folders.entries()) {
      servers.push(
        new BenchServer(
          `s${n + 1}-`,
          await freePort(),
          {
            DATABASE_URL: databaseUrl,
            FORECOURT_SITES_DIR: folder.sitesDir,
            FORECOURT_DATA_DIR: folder.dataDir,
            THREE_SERVERS_DIST: dist,
            THREE_SERVERS_FEEDS: feeds,
            FORECOURT_GIT_REMOTE: remote,
            // Only the announcement brings a publish in during the run.
            FORECOURT_GIT_SYNC_SECONDS: '3600',
            FORECOURT_STAFF_TOKEN: STAFF_TOKEN,
            FORECOURT_EDITOR_TOKEN: EDITOR_TOKEN,
            FORECOURT_PUBLISH_TOKEN: '',
            FORECOURT_TRUST_PROXY: 'loopback',
            FORECOURT_TEST_CLOCK: '1',
          },
          script,
        ),
      );
    }
    // Started together on an empty database: they migrate it, and make the queue, once.
    await Promise.all(servers.map((s) => s.start()));
    return {
      servers,
      bases: servers.map((s) => `http://127.0.0.1:${s.port}`),
      folders,
      databaseUrl,
      remote,
      feedPulls: dms.count,
      stopDatabase: () => stopCluster(pgDir),
      startDatabase: () => restartCluster(pgDir, adminUrl, DURABLE),
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * A damaged database stops the start instead of being replaced by an empty one, and the
 * backup command copies what is only in the write-ahead log (docs/security.md, "Stored data").
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE, openDatabase } from '../../../engine/api/db/database.ts';
import { DamagedDatabaseError } from '../../../engine/api/db/guard.ts';
import { openSqliteStore } from '../../../engine/api/store/sqlite.ts';
import { ROOT, removeDir, tempDataDir } from './harness.ts';

const dirs: string[] = [];
const dataDir = () => {
  const d = tempDataDir();
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach(removeDir));

const TSX = ['--import', 'tsx'];

/** Runs the writer child until it has stored `count` leads, then SIGKILLs it. */
async function writeThenKill(dir: string, count = 30): Promise<void> {
  const child = spawn(
    process.execPath,
    [...TSX, join(import.meta.dirname, 'fixtures/write-leads-then-wait.ts'), dir, String(count)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('stored') && resolve());
    child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGKILL');
  await exited;
}

function leadCount(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function storeLeads(dir: string, count: number) {
  const { db, leads } = openSqliteStore(dir);
  for (let i = 0; i < count; i++) {
    await leads.create(
      {
        site: 'au-motors',
        submissionId: `s-${i}`,
        kind: 'lead',
        isLastStep: true,
        payload: {},
        visitedPages: [],
        queryParams: {},
      },
      { createdAt: new Date().toISOString() },
    );
  }
  return db;
}

describe('start-up refuses a damaged database', () => {
  it('a SIGKILLed server leaves its leads in the WAL; they are all there at the next start', async () => {
    const dir = dataDir();
    await writeThenKill(dir);
    expect(statSync(join(dir, `${DB_FILE}-wal`)).size).toBeGreaterThan(0);
    const db = openDatabase(dir);
    expect((db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n).toBe(30);
    db.close();
  }, 30_000);

  it('the WAL deleted after a SIGKILL: refuses, naming the file and what to do', async () => {
    const dir = dataDir();
    await writeThenKill(dir);
    rmSync(join(dir, `${DB_FILE}-wal`));
    rmSync(join(dir, `${DB_FILE}-shm`), { force: true });
    expect(() => openDatabase(dir)).toThrow(DamagedDatabaseError);
    expect(() => openDatabase(dir)).toThrow(/forecourt\.db-wal is missing/);
    // Nothing was written over the evidence: no new WAL, no fresh schema.
    expect(existsSync(join(dir, `${DB_FILE}-wal`))).toBe(false);
  }, 30_000);

  it('a database cut to 0 bytes: refuses instead of starting empty', async () => {
    const dir = dataDir();
    (await storeLeads(dir, 3)).close();
    truncateSync(join(dir, DB_FILE), 0);
    expect(() => openDatabase(dir)).toThrow(DamagedDatabaseError);
    expect(() => openDatabase(dir)).toThrow(new RegExp(`${DB_FILE}.*is empty \\(0 bytes\\)`));
    expect(statSync(join(dir, DB_FILE)).size).toBe(0);
  });

  it('a database file that is not a database, or has damaged pages: refuses', async () => {
    const dir = dataDir();
    (await storeLeads(dir, 3)).close();
    writeFileSync(join(dir, DB_FILE), 'this is not a database'.repeat(300));
    expect(() => openDatabase(dir)).toThrow(/is damaged/);

    const dir2 = dataDir();
    (await storeLeads(dir2, 400)).close();
    const file = join(dir2, DB_FILE);
    const bytes = Buffer.alloc(4096, 0x5a);
    const fd = openSync(file, 'r+');
    writeSync(fd, bytes, 0, bytes.length, 4096 * 3);
    closeSync(fd);
    expect(() => openDatabase(dir2)).toThrow(DamagedDatabaseError);
  });

  it('a database cut in half, cut to 100 bytes, or with a garbage header: refuses (not only a 0-byte file)', async () => {
    const damage: Record<string, (file: string) => void> = {
      'cut in half': (file) => truncateSync(file, Math.floor(statSync(file).size / 2)),
      'cut to 100 bytes': (file) => truncateSync(file, 100),
      'garbage header': (file) => {
        const fd = openSync(file, 'r+');
        writeSync(fd, Buffer.from('GARBAGE GARBAGE!'), 0, 16, 0);
        closeSync(fd);
      },
    };
    for (const [name, harm] of Object.entries(damage)) {
      const dir = dataDir();
      (await storeLeads(dir, 200)).close();
      harm(join(dir, DB_FILE));
      expect(() => openDatabase(dir), name).toThrow(DamagedDatabaseError);
    }
  });

  it('a WAL overwritten with garbage after a SIGKILL: refuses', async () => {
    const dir = dataDir();
    await writeThenKill(dir);
    const fd = openSync(join(dir, `${DB_FILE}-wal`), 'r+');
    writeSync(fd, Buffer.alloc(64, 0x41), 0, 64, 0);
    closeSync(fd);
    expect(() => openDatabase(dir)).toThrow(DamagedDatabaseError);
  }, 30_000);

  it('a database that existed is deleted: refuses instead of creating a new one', async () => {
    const dir = dataDir();
    (await storeLeads(dir, 3)).close();
    rmSync(join(dir, DB_FILE));
    expect(() => openDatabase(dir)).toThrow(/forecourt\.db is missing/);
    expect(existsSync(join(dir, DB_FILE))).toBe(false);
  });

  it('a new data folder, and a clean restart, start normally', async () => {
    const dir = dataDir();
    (await storeLeads(dir, 2)).close();
    const db = openDatabase(dir);
    expect((db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n).toBe(2);
    db.close();
  });

  it('the server process exits non-zero with the message', async () => {
    const dir = dataDir();
    (await storeLeads(dir, 1)).close();
    truncateSync(join(dir, DB_FILE), 0);
    const run = spawnSync(
      process.execPath,
      [
        ...TSX,
        '--input-type=module',
        '-e',
        `import { openDatabase } from './engine/api/db/database.ts'; openDatabase(${JSON.stringify(dir)});`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(join(dir, DB_FILE));
  }, 30_000);
});

describe('npm run backup', () => {
  it('copies the leads that are only in the WAL (written since the last checkpoint)', async () => {
    const dir = dataDir();
    await writeThenKill(dir, 25);
    const dest = join(dataDir(), 'copy.db');
    // Copying forecourt.db alone loses them: that is why the command exists.
    const fileAlone = join(dataDir(), 'file-alone.db');
    copyFileSync(join(dir, DB_FILE), fileAlone);
    expect(() => leadCount(fileAlone)).toThrow(/no such table: leads/);
    const run = spawnSync(process.execPath, [...TSX, 'scripts/backup.ts', dest], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, FORECOURT_DATA_DIR: dir },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(dest);
    expect(leadCount(dest)).toBe(25);
    expect(existsSync(`${dest}-wal`)).toBe(false);
  }, 30_000);

  it('while the server has the database open, and refuses to overwrite a file', async () => {
    const dir = dataDir();
    const db = await storeLeads(dir, 5);
    const dest = join(dataDir(), 'copy.db');
    const args = [...TSX, 'scripts/backup.ts', dest];
    const env = { ...process.env, FORECOURT_DATA_DIR: dir };
    expect(spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env }).status).toBe(0);
    expect(leadCount(dest)).toBe(5);
    const again = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/already exists/);
    db.close();
  }, 30_000);
});

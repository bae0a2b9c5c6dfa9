/**
 * The document scripts as CI and reviewers run them: check:sites, format:sites,
 * diff:sites (files, folders, git revisions, formats) and the git diff driver in a
 * throwaway repository. Each script's `main` runs in this process (scripts/script-io.ts);
 * a process is started once per script, to prove the command wiring, and wherever git
 * starts the driver itself: there the script compiled once for the file (bundled-script.ts),
 * as git starts it once per changed file and side.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSites } from '../../../scripts/check-sites.ts';
import { main as diffSites } from '../../../scripts/diff-sites.ts';
import { capturedIo } from '../../../scripts/script-io.ts';
import { textconvOutput } from '../../../engine/document/diff-git.ts';
import { bundledScript, type BundledScript } from '../bundled-script.ts';

const ROOT = join(import.meta.dirname, '../../..');
/**
 * `node --import tsx`, as the documented git lines run the script (one process, where the
 * `tsx` command starts two), with tsx named by its path: the throwaway repositories have no
 * node_modules to find it in. Git starts it so once (the formatting-only change below); its
 * other starts are of the compiled script.
 */
const NODE_TSX = [
  process.execPath,
  '--import',
  pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
];
const script = (name: string) => join(ROOT, 'scripts', name);
/**
 * A hang detector for tests that start the scripts as processes: each start takes seconds
 * on a busy 2-core machine, and git starts the driver once per changed file (speed is the
 * benches').
 */
const CLI_TIMEOUT = 120_000;

let tmp: string;
let diffBundle: BundledScript;
/** diff:sites as the git lines start it: `{command} --git-diff`, `{command} --textconv`. */
let diffCommand: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'forecourt-doc-scripts-'));
  diffBundle = await bundledScript(script('diff-sites.ts'));
  diffCommand = `${process.execPath} ${diffBundle.file}`;
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  diffBundle?.remove();
});

/** A copy of the demo sites folder (documents, templates, shared data). */
function copySites(name: string): string {
  const dir = join(tmp, name);
  cpSync(join(ROOT, 'sites'), dir, { recursive: true });
  return dir;
}

/** A script as a process: the command's wiring (arguments, output, exit code). */
function run(args: string[], cwd = ROOT) {
  const [node, ...nodeArgs] = NODE_TSX;
  const r = spawnSync(node, [...nodeArgs, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * diff:sites in this process, as if started in `cwd` (it names files relative to the
 * working folder): what it prints and its exit code.
 */
async function diff(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = process.env) {
  const io = capturedIo(cwd, env);
  const workingFolder = vi.spyOn(process, 'cwd').mockReturnValue(cwd);
  try {
    const code = await diffSites(args, io);
    return { code, out: io.stdout, err: io.stderr };
  } finally {
    workingFolder.mockRestore();
  }
}

function edit(file: string, change: (d: any) => void, indent = 2) {
  const d = JSON.parse(readFileSync(file, 'utf8'));
  change(d);
  writeFileSync(file, JSON.stringify(d, null, indent));
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync(
    'git',
    [
      '-c',
      'user.email=test@example.com',
      '-c',
      'user.name=Test',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, encoding: 'utf8' },
  );

describe('check:sites and format:sites', () => {
  it('passes on the demo sites', () => {
    const { problems, checked } = checkSites(join(ROOT, 'sites'));
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it(
    'fails naming the file and its first differing line, and format:sites fixes it without changing content',
    () => {
      const dir = copySites('check');
      const file = join(dir, 'kiwi-car-yard.json');
      const original = readFileSync(file, 'utf8');
      // Same content, keys reversed at the top level and a 4-space indent.
      const doc = JSON.parse(original);
      writeFileSync(
        file,
        JSON.stringify(Object.fromEntries(Object.entries(doc).reverse()), null, 4),
      );
      const { problems } = checkSites(dir);
      expect(problems).toHaveLength(1);
      expect(problems[0].file).toBe(file);
      expect(problems[0].messages[0]).toBe(
        'not in canonical form (line 2: found "\\"pages\\": [", canonical form has "\\"$schema\\": \\"../schemas/site.schema.json\\","); run npm run format:sites',
      );

      const cli = run([script('check-sites.ts'), dir]);
      expect(cli.code).toBe(1);
      expect(cli.err).toContain('kiwi-car-yard.json');
      expect(cli.err).toContain('line 2');

      const fmt = run([script('format-sites.ts'), file]);
      expect(fmt.code, fmt.err).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(original);
      expect(checkSites(dir).problems).toEqual([]);
    },
    CLI_TIMEOUT,
  );

  it('reports an invalid document with its JSON path', () => {
    const dir = copySites('invalid');
    edit(join(dir, 'lakeside-chevrolet.json'), (d) => (d.region = 'UK'));
    const { problems } = checkSites(dir);
    expect(problems.map((p) => p.file)).toEqual([join(dir, 'lakeside-chevrolet.json')]);
    expect(problems[0].messages).toContain('/region: must be one of: "AU", "NZ", "US"');
  });
});

describe('diff:sites', () => {
  it('compares two folders, in text, Markdown and JSON; exit code on request', async () => {
    const a = copySites('a');
    const b = copySites('b');
    edit(join(b, 'southern-motor-group.json'), (d) => {
      d.features.compare = true;
      d.pages[0].blocks[0].props.heading = 'Drive away today';
    });
    edit(join(b, 'templates/ford.json'), (d) => (d.features.reserveButtons = false));
    const text = await diff([a, b]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain(
      'southern-motor-group.json\n  Feature compare turned on (the default is off)\n  Block hero home-hero on page home: props/heading',
    );
    expect(text.out).toContain('templates/ford.json\n  Feature reserveButtons turned off\n');

    const md = await diff(['--format', 'markdown', a, b]);
    expect(md.out).toMatch(/^## Site document changes\n\n3 changes in 2 files\./);
    expect(md.out).toContain('- Feature `compare` turned on');

    const json = JSON.parse((await diff(['--format=json', a, b])).out);
    expect(json.files.map((f: any) => f.changes.length)).toEqual([2, 1]);

    expect((await diff(['--exit-code', a, b])).code).toBe(1);
    const same = await diff(['--exit-code', a, a]);
    expect(same.code).toBe(0);
    expect(same.out).toBe('No changes to site documents.\n');
    expect((await diff(['--format', 'yaml', a, b])).code).toBe(2);
  });

  it('compares two files', async () => {
    const b = copySites('files');
    const file = join(b, 'kiwi-car-yard.json');
    edit(
      file,
      (d) => (d.pages.find((p: any) => p.id === 'finance').title = 'Finance your next car'),
    );
    const r = await diff([join(ROOT, 'sites/kiwi-car-yard.json'), file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Page finance renamed: title ".*" → "Finance your next car"/);
  });

  describe('in a git repository', () => {
    let repo: string;
    beforeAll(() => {
      repo = join(tmp, 'repo');
      mkdirSync(repo);
      cpSync(join(ROOT, 'sites'), join(repo, 'sites'), { recursive: true });
      cpSync(join(ROOT, '.gitattributes'), join(repo, '.gitattributes'));
      git(repo, 'init', '-q', '-b', 'main');
      git(repo, 'add', '.');
      git(repo, 'commit', '-q', '-m', 'sites');
      // The documented driver line, the script compiled (see the top of the file).
      git(repo, 'config', 'diff.forecourt-site.command', `${diffCommand} --git-diff`);
      edit(join(repo, 'sites/gold-coast-ford.json'), (d) => {
        const home = d.pages.find((p: any) => p.id === 'home');
        home.blocks.push(home.blocks.shift()); // first block to the end
        d.features.phoneLinksInMenu = false;
      });
      edit(join(repo, 'sites/templates/ford.json'), (d) => (d.theme.radius = 8));
    });

    it(
      'git diff shows the semantic diff through the driver',
      () => {
        const out = git(repo, 'diff');
        expect(out).toContain(
          'site diff a/sites/gold-coast-ford.json b/sites/gold-coast-ford.json\n',
        );
        expect(out).toMatch(/Block \S+ \S+ moved within page home from position 1 to \d+/);
        expect(out).toContain('Feature phoneLinksInMenu turned off');
        expect(out).toContain(
          'site diff a/sites/templates/ford.json b/sites/templates/ford.json\n  Theme: radius 4 → 8\n',
        );
        expect(out).not.toContain('@@');
        // The driver works from a subfolder too, and --no-ext-diff still gives the text diff.
        mkdirSync(join(repo, 'sites/sub'), { recursive: true });
        expect(git(join(repo, 'sites/sub'), 'diff')).toContain(
          'Feature phoneLinksInMenu turned off',
        );
        expect(git(repo, 'diff', '--no-ext-diff')).toContain('@@');
      },
      CLI_TIMEOUT,
    );

    it(
      'a formatting-only change says so (git starting the documented line, tsx and all)',
      () => {
        const file = join(repo, 'sites/kiwi-car-yard.json');
        const before = readFileSync(file, 'utf8');
        writeFileSync(file, JSON.stringify(JSON.parse(before)));
        const documented = `${NODE_TSX.join(' ')} ${script('diff-sites.ts')} --git-diff`;
        try {
          const out = git(
            repo,
            '-c',
            `diff.forecourt-site.command=${documented}`,
            'diff',
            '--',
            'sites/kiwi-car-yard.json',
          );
          expect(out).toContain('(formatting only: the content is the same)');
        } finally {
          writeFileSync(file, before);
        }
      },
      CLI_TIMEOUT,
    );

    it('diff:sites -- <rev> compares the working tree with a revision', async () => {
      const r = await diff(['--format', 'markdown', 'main'], repo);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('### `sites/gold-coast-ford.json`');
      expect(r.out).toContain('- Feature `phoneLinksInMenu` turned off');
      expect(r.out).toContain('### `sites/templates/ford.json`');
      expect((await diff(['no-such-rev'], repo)).err).toContain('not a git revision');
    });
  });
});

describe('git show and git log -p', () => {
  let repo: string;
  beforeAll(() => {
    repo = join(tmp, 'history');
    mkdirSync(repo);
    cpSync(join(ROOT, 'sites'), join(repo, 'sites'), { recursive: true });
    cpSync(join(ROOT, '.gitattributes'), join(repo, '.gitattributes'));
    git(repo, 'init', '-q', '-b', 'main');
    // The documented lines, the script compiled (see the top of the file).
    git(repo, 'config', 'diff.forecourt-site.textconv', `${diffCommand} --textconv`);
    git(repo, 'config', 'diff.forecourt-site.cachetextconv', 'true');
    git(repo, 'config', 'diff.forecourt-site.command', `${diffCommand} --git-diff`);
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'sites');
    edit(
      join(repo, 'sites/gold-coast-ford.json'),
      (d) =>
        (d.pages.find((p: any) => p.id === 'home').blocks[0].props.heading = 'Drive away today'),
    );
    edit(join(repo, 'sites/southern-motor-group.json'), (d) => d.locations.reverse());
    edit(join(repo, 'sites/templates/ford.json'), (d) => (d.features.reserveButtons = false));
    git(repo, 'commit', '-q', '-am', 'heading, location order, template switch');
  });

  it(
    '--textconv prints the whole outline through a pipe (more than the 64 KiB a pipe takes at once)',
    () => {
      const file = join(ROOT, 'sites/kiwi-car-yard.json');
      const r = run([script('diff-sites.ts'), '--textconv', file]);
      expect(r.code, r.err).toBe(0);
      expect(r.out.length).toBeGreaterThan(65_536);
      expect(r.out).toBe(textconvOutput(file));
    },
    CLI_TIMEOUT,
  );

  it('git show and git log -p diff the readable outline (textconv), not JSON lines', () => {
    for (const out of [git(repo, 'show', 'HEAD'), git(repo, 'log', '-p', '-1')]) {
      expect(out).toContain(
        `-page home › hero home-hero: props/heading = "Gold Coast's home of Ford"\n`,
      );
      expect(out).toContain('+page home › hero home-hero: props/heading = "Drive away today"\n');
      expect(out).toContain('-features/reserveButtons = true\n+features/reserveButtons = false\n');
      expect(out).toMatch(/^-locations\[Southern Toyota Frankston\]\/slug = /m);
      expect(out).not.toMatch(/^[-+]\s+"heading":/m);
    }
  }, 120_000);

  it('git show --ext-diff and git log -p --ext-diff print the semantic diff', () => {
    for (const out of [
      git(repo, 'show', '--ext-diff', 'HEAD'),
      git(repo, 'log', '-p', '--ext-diff', '-1'),
    ]) {
      expect(out).toContain(
        `site diff a/sites/gold-coast-ford.json b/sites/gold-coast-ford.json\n  Block hero home-hero on page home: props/heading "Gold Coast's home of Ford" → "Drive away today"\n`,
      );
      expect(out).toContain(
        'site diff a/sites/southern-motor-group.json b/sites/southern-motor-group.json\n  Locations reordered (visitors see them in this order): ',
      );
      expect(out).not.toContain('formatting only');
      expect(out).toContain(
        'site diff a/sites/templates/ford.json b/sites/templates/ford.json\n  Feature reserveButtons turned off\n  Sites that extend this template (1):\n    sites/gold-coast-ford.json:\n      Feature reserveButtons turned off\n',
      );
    }
  }, 120_000);

  it('a reformatted document shows nothing in git show (textconv) and "formatting only" with --ext-diff', () => {
    const file = join(repo, 'sites/kiwi-car-yard.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(doc).reverse()), null, 4));
    git(repo, 'commit', '-q', '-am', 'reformat');
    expect(git(repo, 'show', 'HEAD')).not.toMatch(/^[-+][^-+]/m);
    expect(git(repo, 'show', '--ext-diff', 'HEAD')).toContain(
      'site diff a/sites/kiwi-car-yard.json b/sites/kiwi-car-yard.json\n(formatting only: the content is the same)\n',
    );
  }, 120_000);
});

describe('nothing printed holds a secret', () => {
  it('document keys are hidden and secrets from the environment blanked, in every format', async () => {
    const a = copySites('secret-a');
    const b = copySites('secret-b');
    const token = 'staff-token-0123456789abcdef';
    edit(join(b, 'kiwi-car-yard.json'), (d) => {
      d.features.serviceBookingKey = 'kiwi-booking-key-42';
      d.name = `Kiwi Cars ${token}`;
    });
    edit(
      join(b, 'templates/ford.json'),
      (d) => (d.features.serviceBookingKey = 'ford-au-service-2'),
    );
    for (const format of ['text', 'markdown', 'json']) {
      const r = await diff(['--format', format, a, b], ROOT, {
        ...process.env,
        FORECOURT_STAFF_TOKEN: token,
      });
      expect(r.code, r.err).toBe(0);
      for (const secret of [token, 'kiwi-booking-key-42', 'ford-au-service', 'ford-au-service-2'])
        expect(r.out + r.err).not.toContain(secret);
      expect(r.out).toContain('(secret $FORECOURT_STAFF_TOKEN)');
      expect(r.out).toContain('serviceBookingKey');
    }
  });
});

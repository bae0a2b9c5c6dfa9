/**
 * Where scheduled feed pulls are configured (docs/deploy.md, "Scheduled feed pulls"): the
 * FORECOURT_FEEDS file checked against schemas/feeds.schema.json with its defaults filled,
 * credentials only named there and read from the secrets file, then the environment, and
 * masked wherever text is shown.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import feedsSchema from '../../../schemas/feeds.schema.json';
import {
  checkFeeds,
  feedCredentials,
  FEED_SECRETS_VAR,
  FEEDS_VAR,
  feedsFromEnv,
  FeedsConfigError,
  MissingSecret,
} from '../../../engine/inventory/feed-pulls/config.ts';
import { MASK, masker } from '../../../engine/inventory/feed-pulls/mask.ts';
import { feedJobName } from '../../../engine/inventory/feed-pulls/start.ts';
import { feedPullsFromEnv } from '../../../engine/inventory/feed-pulls/from-env.ts';
import { FakeClock } from '../../../engine/clock.ts';
import { InProcessQueue } from '../../../engine/jobs/in-process.ts';
import { openSqliteStore } from '../../../engine/api/store/sqlite.ts';
import { fixtureSitesDir } from '../api/harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function file(name: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fc-feeds-config-'));
  dirs.push(dir);
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

const one = { site: 'gold-coast-ford', dealership: '12', url: 'https://dms.example.com/x.csv' };

describe('the feeds file', () => {
  it('fills the schema defaults: every 4 hours, bad rows stop the pull', () => {
    const [feed] = checkFeeds({ feeds: [one] });
    const defaults = feedsSchema.$defs.feed.properties;
    expect(feed.everyMinutes).toBe(defaults.everyMinutes.default);
    expect(feed.everyMinutes).toBe(240);
    expect(feed.skipBadRows).toBe(defaults.skipBadRows.default);
  });

  it('refuses credentials in the address, an address not on the web, and a dealership twice', () => {
    for (const url of ['https://user:pass@dms.example.com/x.csv', 'ftp://dms.example.com/x.csv'])
      expect(() => checkFeeds({ feeds: [{ ...one, url }] })).toThrow(
        /\/feeds\/0\/url: is not valid: .*Credentials never go in it/,
      );
    expect(() => checkFeeds({ feeds: [one, { ...one, url: 'https://b.example/y.csv' }] })).toThrow(
      /\/feeds\/1: gold-coast-ford \/ 12 has a feed already/,
    );
    expect(() => checkFeeds({ feeds: [{ ...one, auth: { tokenSecret: 'a b' } }] })).toThrow(
      FeedsConfigError,
    );
  });

  it('is read from the file FORECOURT_FEEDS names; none without it', () => {
    expect(feedsFromEnv({})).toEqual([]);
    const path = file('feeds.json', JSON.stringify({ feeds: [{ ...one, everyMinutes: 60 }] }));
    expect(feedsFromEnv({ [FEEDS_VAR]: path })).toMatchObject([{ ...one, everyMinutes: 60 }]);
    expect(() => feedsFromEnv({ [FEEDS_VAR]: file('bad.json', '{') })).toThrow(FeedsConfigError);
  });

  it("names each feed's schedule in the queue's alphabet", () => {
    expect(feedJobName({ site: 'a-b', dealership: 'x y.1' })).toBe('feed-pull-a-b-x_y_1');
  });
});

describe('credentials', () => {
  it('a bearer token from the environment', () => {
    const c = feedCredentials(
      { ...one, auth: { tokenSecret: 'NERANG_TOKEN' } },
      {
        NERANG_TOKEN: 'tok-1',
      },
    );
    expect(c).toEqual({ headers: { Authorization: 'Bearer tok-1' }, secrets: ['tok-1'] });
  });

  it('basic authentication, the secrets file before the environment', () => {
    const secrets = file(
      'secrets.json',
      JSON.stringify({ FEED_USER: 'dealer', FEED_PASS: 'p@ss' }),
    );
    const c = feedCredentials(
      { ...one, auth: { userSecret: 'FEED_USER', passwordSecret: 'FEED_PASS' } },
      { [FEED_SECRETS_VAR]: secrets, FEED_USER: 'other', FEED_PASS: 'other' },
    );
    const basic = Buffer.from('dealer:p@ss').toString('base64');
    expect(c.headers).toEqual({ Authorization: `Basic ${basic}` });
    expect(c.secrets).toEqual(['dealer', 'p@ss', basic]);
  });

  it('a missing credential or unreadable secrets file is named, never quoted', () => {
    const auth = { tokenSecret: 'NERANG_TOKEN' };
    expect(() => feedCredentials({ ...one, auth }, {})).toThrow(MissingSecret);
    expect(() => feedCredentials({ ...one, auth }, {})).toThrow(/NERANG_TOKEN is not set/);
    const broken = file('secrets.json', '{"NERANG_TOKEN": "tok-2"');
    let message = '';
    try {
      feedCredentials({ ...one, auth }, { [FEED_SECRETS_VAR]: broken });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/could not be read/);
    expect(message).not.toContain('tok-2');
  });

  it('the masker hides each secret as written and URL-encoded', () => {
    const mask = masker(['p@ss word', 'dealer']);
    expect(mask('dealer sent p@ss word, then ?pw=p%40ss%20word')).toBe(
      `${MASK} sent ${MASK}, then ?pw=${MASK}`,
    );
  });
});

describe('as the server starts them', () => {
  it('schedules the configured feeds, says so without credentials, and records a refused pull', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-feeds-start-'));
    const sitesDir = fixtureSitesDir();
    dirs.push(dataDir, sitesDir);
    const clock = new FakeClock('2026-03-02T09:00:00Z');
    const jobs = new InProcessQueue({ clock, log: console });
    const store = openSqliteStore(dataDir);
    const lines: string[] = [];
    const log = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const feeds = file(
      'feeds.json',
      JSON.stringify({
        feeds: [
          // A loopback address: refused by the public-only rule before any request.
          {
            site: 'au-motors',
            dealership: '51',
            url: 'http://127.0.0.1:9/feed.csv',
            auth: { tokenSecret: 'T' },
          },
        ],
      }),
    );
    try {
      const started = await feedPullsFromEnv({
        jobs,
        store: store.feedPulls,
        sitesDir,
        dataDir,
        env: { [FEEDS_VAR]: feeds, T: 'tok-secret-3' },
        log,
        clock,
      });
      await jobs.settled();
      expect(started.feeds).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^\[feeds\] 1 stock feed pulled on the job queue \(in this process\): au-motors \/ 51 every 240 min$/,
      );
      const r = await store.feedPulls.get('au-motors', '51');
      expect(r).toMatchObject({ outcome: 'failed', failures_in_a_row: 1 });
      expect(r!.failure).toMatch(/not a public address/);
      expect(lines.join('\n')).not.toContain('tok-secret-3');
    } finally {
      await jobs.stop();
      await store.close();
    }
  });
});

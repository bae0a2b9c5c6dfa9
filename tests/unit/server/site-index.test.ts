/**
 * The site store's answers by host name and in slug order (engine/server/sites.ts) follow
 * every change of its sites: a reloaded document's new host names, a refused one's kept site.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SiteStore } from '../../../engine/server/sites.ts';
import { SITES_DIR } from '../helpers.ts';

vi.spyOn(console, 'warn').mockImplementation(() => {});
const dir = mkdtempSync(join(tmpdir(), 'forecourt-site-index-'));
cpSync(SITES_DIR, dir, { recursive: true });
const sites = new SiteStore(dir, { quiet: true });
afterAll(() => {
  sites.close();
  rmSync(dir, { recursive: true, force: true });
});

const SLUG = 'southern-motor-group';
const file = join(dir, `${SLUG}.json`);
const original = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const withHosts = (hostnames: string[]) =>
  writeFileSync(file, `${JSON.stringify({ ...original, hostnames }, null, 2)}\n`);

describe('sites by host name and in order', () => {
  it('finds a site by any case of its host name, and lists sites in slug order', () => {
    expect(sites.byHostname('SouthernMotorGroup.LOCALHOST')?.slug).toBe(SLUG);
    expect(sites.byHostname('nobody.example')).toBeUndefined();
    const slugs = sites.all().map((e) => e.slug);
    expect(slugs).toEqual([...slugs].sort());
    // A copy: changing it changes nothing for the next caller.
    sites.all().reverse();
    expect(sites.all().map((e) => e.slug)).toEqual(slugs);
  });

  it('follows a reloaded document’s host names, and keeps the served site when a reload fails', () => {
    withHosts(['southern.example']);
    sites.load(SLUG);
    expect(sites.byHostname('southernmotorgroup.localhost')).toBeUndefined();
    expect(sites.byHostname('southern.example')?.slug).toBe(SLUG);

    writeFileSync(file, '{ "broken": ');
    sites.load(SLUG);
    expect(sites.byHostname('southern.example')?.slug).toBe(SLUG);

    withHosts(['southernmotorgroup.localhost']);
    sites.load(SLUG);
    expect(sites.byHostname('southern.example')).toBeUndefined();
    expect(sites.byHostname('southernmotorgroup.localhost')?.slug).toBe(SLUG);
  });
});

/**
 * The development server's page for an invalid site names where each problem is
 * written: the template file and its pointer when the value comes from the template.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { issueList } from '../../../engine/server/server-pages.ts';
import { SiteStore } from '../../../engine/server/sites.ts';

const ROOT = join(import.meta.dirname, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'forecourt-dev-error-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('development error page for an invalid site', () => {
  it('names the template file and its pointer, with the resolved path; the issues keep resolved paths', () => {
    const sitesDir = join(tmp, 'sites');
    cpSync(join(ROOT, 'sites'), sitesDir, { recursive: true });
    const templateFile = join(sitesDir, 'templates/ford.json');
    const ford = JSON.parse(readFileSync(templateFile, 'utf8'));
    const index = ford.pages.findIndex((p: { id: string }) => p.id === 'finance');
    delete ford.pages[index].blocks[0].props.heading;
    writeFileSync(templateFile, JSON.stringify(ford, null, 2));
    const siteFile = join(sitesDir, 'gold-coast-ford.json');
    writeFileSync(
      siteFile,
      JSON.stringify(
        { ...JSON.parse(readFileSync(siteFile, 'utf8')), withoutPages: ['search'] },
        null,
        2,
      ),
    );

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const entry = new SiteStore(sitesDir).get('gold-coast-ford');
    const resolved = `/pages/${index - 1}/blocks/0/props/heading`;
    const written = `/pages/${index}/blocks/0/props/heading`;
    expect(warn.mock.calls.join('\n')).toContain(
      `  sites/templates/ford.json ${written}: is required (resolved path ${resolved})`,
    );
    warn.mockRestore();

    if (!entry || entry.ok) throw new Error('expected the site to be invalid');
    expect(entry.issues).toEqual([{ path: resolved, message: 'is required' }]);
    expect(entry.sources).toEqual([
      { template: 'ford', pointer: `/pages/${index}/blocks/0/props`, missing: ['heading'] },
    ]);
    expect(issueList(entry)).toBe(
      `<ul><li><code>sites/templates/ford.json ${written}</code>: is required <small>(resolved path <code>${resolved}</code>)</small></li></ul>`,
    );
  });
});

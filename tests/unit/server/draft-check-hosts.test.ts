/**
 * The editor's live check names a host name another site serves (engine/server/draft-checks.ts):
 * the problem shows at its field while staff type, not only when the save is refused.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDraftChecks } from '../../../engine/server/draft-checks.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { readSite, SITES_DIR } from '../helpers.ts';

vi.spyOn(console, 'warn').mockImplementation(() => {});
const sites = new SiteStore(SITES_DIR, { quiet: true });
afterAll(() => sites.close());
const { checkDraft, check } = createDraftChecks(sites);

describe('a host name in the live check', () => {
  it('another site serves is a problem at its field, as the save refuses it', () => {
    const doc = {
      ...readSite('kiwi-car-yard'),
      hostnames: ['kiwi.example', 'southernmotorgroup.localhost'],
    };
    const live = checkDraft(doc).issues.filter((i) => i.path.startsWith('/hostnames'));
    expect(live).toEqual([
      expect.objectContaining({
        path: '/hostnames/1',
        message: expect.stringContaining('already claimed by site "southern-motor-group"'),
      }),
    ]);
    const saved = check('kiwi-car-yard', doc);
    expect(!saved.ok && saved.issues.map((i) => i.path)).toContain('/hostnames/1');
  });

  it('of the site itself, or new to every site, is no problem', () => {
    for (const hostnames of [['kiwicaryard.localhost'], ['kiwi.example']])
      expect(
        checkDraft({ ...readSite('kiwi-car-yard'), hostnames }).issues.filter((i) =>
          i.path.startsWith('/hostnames'),
        ),
      ).toEqual([]);
  });
});

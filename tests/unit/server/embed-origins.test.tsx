/**
 * Framed services are the platform's to approve (docs/security.md, "Editor and server"): a
 * site document cannot add an iframe origin for itself, and a frame of the site's own
 * origin never gets scripts and same-origin access together.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SiteStore } from '../../../engine/server/sites.ts';
import { approvedEntry, platformEmbedOrigins } from '../../../engine/server/embed-origins.ts';
import { allowedEmbedOrigins, checkEmbedSrc, embedSandbox } from '../../../blocks/_shared/embed.ts';
import { renderBlock } from '../../../blocks/_shared/test-utils.tsx';
import Embed from '../../../blocks/embed/index.tsx';
import type { EmbedProps } from '../../../schemas/resolved.gen.ts';
import { FIXTURE_SITES, fixtureSitesDir } from '../api/harness.ts';

const OWN = 'https://nz-motors.example';
const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A site that names its own host, a stranger and a booking service in features.embedOrigins. */
function storeWithSelfApprovingSite() {
  const dir = fixtureSitesDir();
  dirs.push(dir);
  const doc = {
    ...FIXTURE_SITES['nz-motors'],
    hostnames: ['nz-motors.example'],
    features: {
      captcha: false,
      embedOrigins: [OWN, 'https://evil.example', 'https://book.nz-motors-bookings.example'],
    },
  };
  writeFileSync(join(dir, 'nz-motors.json'), JSON.stringify(doc));
  const entry = new SiteStore(dir, { quiet: true }).get('nz-motors');
  if (!entry?.ok) throw new Error('fixture site invalid');
  return entry.site;
}

describe('iframe origins come from the platform list', () => {
  it("a site document's own list adds nothing the platform has not approved (not even its own host)", () => {
    vi.stubEnv('FORECOURT_EMBED_ORIGINS', '');
    const site = storeWithSelfApprovingSite();
    expect(site.features.embedOrigins).toEqual([]);
    expect(checkEmbedSrc(`${OWN}/account`, allowedEmbedOrigins(site)).ok).toBe(false);
    expect(checkEmbedSrc('https://evil.example/x', allowedEmbedOrigins(site)).ok).toBe(false);
    // The built-in services stay allowed for every site.
    expect(checkEmbedSrc('https://calendly.com/x', allowedEmbedOrigins(site)).ok).toBe(true);
  });

  it('FORECOURT_EMBED_ORIGINS approves services; a site may use those (a host under an approved *.domain too)', () => {
    vi.stubEnv(
      'FORECOURT_EMBED_ORIGINS',
      'https://*.nz-motors-bookings.example, https://forms.partner.example',
    );
    const site = storeWithSelfApprovingSite();
    expect(site.features.embedOrigins).toEqual(['https://book.nz-motors-bookings.example']);
    expect(
      checkEmbedSrc('https://book.nz-motors-bookings.example/slot', allowedEmbedOrigins(site)).ok,
    ).toBe(true);
  });

  it('reads the platform list: valid https entries only', () => {
    expect(
      platformEmbedOrigins('https://A.example/ http://b.example,nonsense https://*.c.example'),
    ).toEqual(['https://a.example', 'https://*.c.example']);
    expect(approvedEntry('https://x.c.example', ['https://*.c.example'])).toBe(true);
    expect(approvedEntry('https://*.c.example', ['https://x.c.example'])).toBe(false);
    expect(approvedEntry('https://c.example.evil', ['https://*.c.example'])).toBe(false);
  });
});

describe("a frame of the site's own origin", () => {
  it('never has allow-scripts and allow-same-origin together', () => {
    expect(embedSandbox({ ownOrigin: true })).not.toContain('allow-same-origin');
    const { container } = renderBlock<EmbedProps>('embed', Embed, {
      // A site whose own host is also an approved service (here one of the built-in ones).
      patch: (doc) => void (doc.hostnames = ['calendly.com']),
      props: { src: 'https://calendly.com/book', title: 'Book' },
    });
    const sandbox = screen.getByTitle('Book').getAttribute('sandbox') ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });
});

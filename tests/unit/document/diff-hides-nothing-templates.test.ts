/**
 * A diff that hides nothing (docs/site-documents.md, "Semantic diff"): a template switch or
 * edit says what changes for each site.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSiteDocuments, type SiteChange } from '../../../engine/document/diff.ts';
import { renderMarkdown, renderReport, renderText } from '../../../engine/document/diff-render.ts';
import { describeChange } from '../../../engine/document/diff-sentences.ts';
import { diffSets, folderSet } from '../../../engine/document/diff-sets.ts';
import { base } from './diff-hides-nothing-kit.ts';

const ROOT = join(import.meta.dirname, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'forecourt-diff-hides-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('templates: what a switch or an edit changes for each site', () => {
  const ford = {
    theme: { radius: 4 },
    features: { reserveButtons: true },
    pages: [{ id: 'service', path: '/service', title: 'Service', blocks: [] }],
  };
  const premium = {
    theme: { radius: 12 },
    features: { reserveButtons: true, compare: true },
    pages: [{ id: 'concierge', path: '/concierge', title: 'Concierge', blocks: [] }],
  };

  it('a template switch lists what changes for the site, grouped under it', () => {
    const before = { ...base(), template: 'ford' };
    const after = { ...base(), template: 'ford-premium' };
    const changes = diffSiteDocuments(before, after, {
      templates: { before: ford, after: premium },
    });
    expect(changes).toHaveLength(1);
    const c = changes[0] as Extract<SiteChange, { kind: 'template' }>;
    expect(c.effects?.map((e) => e.kind)).toEqual([
      'setting',
      'feature',
      'page-removed',
      'page-added',
    ]);
    expect(renderText(changes).split('\n')).toEqual([
      'Template: now extends ford-premium instead of ford; for this site that changes (4 changes):',
      '    Theme: radius 4 → 12',
      '    Feature compare turned on (the default is off)',
      '    Page service removed (was /service, with 0 blocks)',
      '    Page concierge added at /concierge titled "Concierge", with 0 blocks',
      '',
    ]);
    expect(renderMarkdown(changes)).toBe(
      [
        '#### Template',
        '',
        '- Template: now extends `ford-premium` instead of `ford`; for this site that changes (4 changes):',
        '  - Theme: `radius` `4` → `12`',
        '  - Feature `compare` turned on (the default is off)',
        '  - Page `service` removed (was `/service`, with 0 blocks)',
        '  - Page `concierge` added at `/concierge` titled `"Concierge"`, with 0 blocks',
        '',
      ].join('\n'),
    );
    // A switch to a template that changes nothing for the site says so.
    const same = diffSiteDocuments(before, after, {
      templates: { before: ford, after: cloneDeep(ford) },
    });
    expect(describeChange(same[0])).toBe(
      'Template: now extends ford-premium instead of ford; nothing changes for this site',
    );
  });

  it('a template edit lists the sites that extend it, what changes for each, and where a site overrides it', () => {
    const a = join(tmp, 'tpl-a');
    const b = join(tmp, 'tpl-b');
    cpSync(join(ROOT, 'sites'), a, { recursive: true });
    // A second Ford site that sets reserveButtons itself, and a site on no template.
    const own = JSON.parse(readFileSync(join(a, 'gold-coast-ford.json'), 'utf8'));
    own.slug = 'own-buttons-ford';
    own.hostnames = ['own.localhost'];
    own.features.reserveButtons = true;
    writeFileSync(join(a, 'own-buttons-ford.json'), JSON.stringify(own, null, 2));
    cpSync(a, b, { recursive: true });
    const tpl = JSON.parse(readFileSync(join(b, 'templates/ford.json'), 'utf8'));
    tpl.features.reserveButtons = false;
    tpl.theme.radius = 8;
    writeFileSync(join(b, 'templates/ford.json'), JSON.stringify(tpl, null, 2));

    const files = diffSets(folderSet(a, 'a'), folderSet(b, 'b'));
    expect(files.map((f) => f.file)).toEqual([
      join(b, 'templates/ford.json').replace(`${process.cwd()}/`, ''),
    ]);
    expect(files[0].inheritedBy?.map((s) => s.site)).toEqual([
      'gold-coast-ford',
      'own-buttons-ford',
    ]);
    const text = renderReport(files, 'text');
    expect(text).toContain(
      [
        '  Theme: radius 4 → 8',
        '  Feature reserveButtons turned off',
        '  Sites that extend this template (2):',
        `    ${files[0].inheritedBy![0].file}:`,
        '      Theme: radius 4 → 8',
        '      Feature reserveButtons turned off',
        `    ${files[0].inheritedBy![1].file}:`,
        '      Theme: radius 4 → 8',
        '      Not for this site (it sets this itself): Feature reserveButtons turned off',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('kiwi-car-yard');
    const md = renderReport(files, 'markdown');
    expect(md).toContain('#### Sites that extend this template\n\n- `');
    expect(md).toContain(
      '  - Not for this site (it sets this itself): Feature `reserveButtons` turned off',
    );
    const json = JSON.parse(renderReport(files, 'json'));
    expect(json.files[0].inheritedBy[1]).toMatchObject({
      site: 'own-buttons-ford',
      via: [],
      overridden: [{ kind: 'feature', key: 'reserveButtons' }],
    });
  });
});

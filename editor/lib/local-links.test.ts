/**
 * Links checked in the browser (local-links.ts): a link field staff change is checked against
 * the site's pages and the platform's routes at once; links the server already checked keep
 * its answer.
 */
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import defs from '../../schemas/defs.schema.json' with { type: 'json' };
import { PLATFORM_ROUTES } from '../../engine/site/whole-site.ts';
import type { Doc } from './doc.ts';
import { mapIssues } from './issues.ts';
import { localLinkIssues } from './local-links.ts';
import type { Model } from '../../schemas/types.gen.ts';

function draft(): Doc {
  return {
    slug: 'unit',
    layout: { header: [], footer: [] },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          {
            type: 'hero',
            id: 'hero',
            props: { heading: 'Hi', actions: [{ label: 'New cars', href: '/new-cars' }] },
          },
        ],
      },
      { id: 'new', path: '/new-cars', title: 'New cars', blocks: [] },
    ],
  };
}

const HREF = '/pages/0/blocks/0/props/actions/0/href';
const withHref = (d: Doc, href: string) =>
  produce(d, (x) => {
    x.pages[0].blocks[0].props.actions[0].href = href;
  });

describe('links checked in the browser', () => {
  it('marks a link to a route the site does not have, with the rules’ own words', () => {
    const checked = draft();
    const { owned, issues } = localLinkIssues(withHref(checked, '/no-such-page'), checked);
    expect([...owned]).toEqual([HREF]);
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe(HREF);
    expect(issues[0].message).toContain('"/no-such-page", which is not a route of this site');
  });

  it('accepts the site’s pages, their sections and the platform’s routes', () => {
    const checked = draft();
    for (const href of ['/new-cars', '/#hero', PLATFORM_ROUTES[0], 'https://example.com'])
      expect(localLinkIssues(withHref(checked, href), checked).issues).toEqual([]);
  });

  it('leaves the links the server checked to its answer', () => {
    const checked = withHref(draft(), '/no-such-page');
    const now = produce(checked, (x) => void (x.pages[0].blocks[0].props.heading = 'Hello'));
    expect(localLinkIssues(now, checked)).toEqual({ owned: new Set(), issues: [] });
  });

  it('refuses an address the link field does not take, in the field’s own words', () => {
    const checked = draft();
    const now = withHref(checked, 'javascript:alert(1)');
    const { issues } = localLinkIssues(now, checked);
    expect(issues.map((i) => i.keyword)).toEqual(['pattern']);
    expect(mapIssues(now, issues)[0].message).toBe(defs.$defs.href['x-invalidMessage']);
  });
});

describe('links to model pages, checked with the site’s model range', () => {
  const withModels = (): Doc =>
    produce(draft(), (x) => {
      x.pages.push({
        id: 'model',
        path: '/:modelSlug',
        title: 'Model',
        blocks: [{ type: 'model-detail', id: 'model-detail', props: {} }],
      });
    });
  const ranger = { slug: 'ranger', manufacturer_name: 'Ford' } as unknown as Model;

  it('marks a model the range does not have once the models are known, and leaves it to the server before', () => {
    const checked = withModels();
    const now = withHref(checked, '/no-such-model');
    expect(localLinkIssues(now, checked).issues).toEqual([]);
    const { issues } = localLinkIssues(now, checked, [ranger]);
    expect(issues.map((i) => i.message).join('\n')).toContain('no model has slug "no-such-model"');
    expect(localLinkIssues(withHref(checked, '/ranger'), checked, [ranger]).issues).toEqual([]);
  });
});

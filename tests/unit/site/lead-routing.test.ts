/**
 * Lead routing in the site document (docs/leads.md, "What a dealer configures"): the
 * whole-site rule that every kind of enquiry the site takes goes somewhere, and which
 * routes a lead at a location takes.
 */
import { describe, expect, it } from 'vitest';
import { KIND_WORDS, routesFor } from '../../../engine/site/lead-routing.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { issuesOf, page, withData } from './whole-site-kit.ts';

const testDrive = { type: 'test-drive-form', id: 'test-drive', props: {} };
const enquiry = { type: 'enquiry-form', id: 'enquiry', props: {} };
const doc = (leadRouting?: unknown) =>
  withData({
    pages: [
      page('home', '/'),
      page('terms', '/terms-and-conditions'),
      page('contact', '/contact', [enquiry, testDrive]),
    ],
    ...(leadRouting === undefined ? {} : { leadRouting }),
  });

describe('whole-site rule: every kind the site takes goes somewhere', () => {
  it('a document without leadRouting is not checked (its leads stay in the staff view)', () => {
    expect(issuesOf(doc())).toEqual([]);
  });

  it('a kind a block takes with no route for the whole site is named, with the block', () => {
    const issues = issuesOf(
      doc({ routes: [{ kinds: ['enquiry'], emails: ['sales@main.example'] }] }),
    );
    expect(issues).toEqual([
      {
        path: '/leadRouting/routes',
        message: expect.stringContaining(
          `the site takes ${KIND_WORDS['test-drive']} (the test-drive-form block at /pages/2/blocks/1)`,
        ),
      },
    ]);
  });

  it("a location's own route does not stand in for the whole site's", () => {
    const issues = issuesOf(
      doc({
        routes: [
          { kinds: ['enquiry'], emails: ['sales@main.example'] },
          { location: 'brisbane', kinds: ['test-drive'], emails: ['bris@main.example'] },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(['/leadRouting/routes']);
  });

  it('a route without a destination is refused at its path', () => {
    const issues = issuesOf(
      doc({
        routes: [
          { kinds: ['enquiry', 'test-drive'], emails: ['sales@main.example'] },
          { location: 'brisbane', kinds: ['enquiry'] },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        path: '/leadRouting/routes/1',
        message: expect.stringContaining('sends its enquiries nowhere'),
      },
    ]);
  });

  it('a route naming a location the site does not have is refused', () => {
    const issues = issuesOf(
      doc({
        routes: [
          { kinds: ['enquiry', 'test-drive'], emails: ['sales@main.example'] },
          { location: 'perth', kinds: ['enquiry'], emails: ['perth@main.example'] },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(['/leadRouting/routes/1/location']);
  });

  it('a webhook secret is named, never written: a value that is not a setting name is refused', () => {
    const issues = issuesOf(
      doc({
        routes: [
          {
            kinds: ['enquiry', 'test-drive'],
            webhook: { url: 'https://crm.example/hook', secretEnv: 'whsec_abc123' },
          },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(['/leadRouting/routes/0/webhook/secretEnv']);
  });
});

describe('routesFor', () => {
  const site = {
    leadRouting: {
      routes: [
        { kinds: ['enquiry', 'service'], emails: ['all@x.example'] },
        { location: 'a', kinds: ['enquiry'], emails: ['a@x.example'] },
        { location: 'a', kinds: ['enquiry'], adf: { email: 'crm@x.example' } },
      ],
    },
  } as Pick<ResolvedSite, 'leadRouting'>;

  it("a location's own routes for the kind replace the whole site's", () => {
    expect(routesFor(site, 'enquiry', 'a').map((r) => r.emails ?? r.adf)).toEqual([
      ['a@x.example'],
      { email: 'crm@x.example' },
    ]);
  });

  it("the whole site's for a kind the location has no route of, and for no location", () => {
    expect(routesFor(site, 'service', 'a').map((r) => r.emails)).toEqual([['all@x.example']]);
    expect(routesFor(site, 'enquiry', undefined).map((r) => r.emails)).toEqual([['all@x.example']]);
    expect(routesFor(site, 'parts', 'a')).toEqual([]);
  });
});

// @vitest-environment node
/** Every form block renders on the server (no window, no storage) and leaves browser-only parts for hydration. */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BlockEnvironmentProvider } from '../../engine/render/BlockTree.tsx';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { Block } from '../../engine/site/types.ts';
import { registry } from '../registry.ts';
import { prepareDemoSite, TEST_PAGE_PATH } from '../_shared/test-utils.tsx';

const TYPES = [
  'enquiry-form',
  'test-drive-form',
  'request-photos',
  'finance-enquiry',
  'apply-for-finance',
  'personalised-finance',
  'service-booking',
  'parts-request',
  'finance-calculator',
  'trade-in',
  'sell-my-car',
  'success',
  'sign-in',
] as const;

describe('server rendering of the form blocks', () => {
  it.each(TYPES)(
    '%s renders labelled controls with the submit disabled until hydration',
    async (type) => {
      const raw = { type, id: 'ssr', props: {} } as Block;
      const { site, data } = prepareDemoSite({ site: 'southern-motor-group', blocks: [raw] });
      const block = site.pages
        .find((p) => p.path === TEST_PAGE_PATH)!
        .blocks!.find((b) => b.id === 'ssr')!;
      const def = (await registry[type]()).default;
      const Component = def.component;
      const html = renderToString(
        <SiteProvider site={site} data={data} mode="production">
          <StaticRouter location="/page?car_id=1">
            <BlockEnvironmentProvider value={{ blocks: {}, data: {} }}>
              {/* prepareDemoSite validated these props and filled their defaults, as the server does. */}
              <Component props={block.props as never} block={block} slots={{}} />
            </BlockEnvironmentProvider>
          </StaticRouter>
        </SiteProvider>,
      );
      expect(html.length).toBeGreaterThan(100);
      const inputs = [...html.matchAll(/<(input|select|textarea)\b[^>]*\bid="([^"]+)"/g)].map(
        (m) => m[2],
      );
      for (const id of inputs) expect(html).toMatch(new RegExp(`(for="${id}"|aria-labelledby)`));
      if (/type="submit"/.test(html)) {
        expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);
        expect(html).toContain('<noscript>');
      }
    },
  );
});

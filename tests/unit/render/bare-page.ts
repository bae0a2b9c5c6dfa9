/** A rendered page with only what the HTML document reads, for tests of the document (engine/server/html.ts). */
import type { RenderedPage } from '../../../engine/render/server.tsx';

export function barePage(fields: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    html: '<main></main>',
    title: 'Page',
    blockTypes: [],
    payload: {
      site: {
        slug: 's',
        name: 'Dealer',
        region: 'AU',
        theme: { colours: { primary: '#000000' } },
      },
      siteData: {},
      mode: 'production',
      basename: '',
      initialData: { url: '/', data: {} },
    },
    ...fields,
  } as unknown as RenderedPage;
}

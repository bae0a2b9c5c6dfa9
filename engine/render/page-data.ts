/** Runs the `load` of every block on a page that has one, in parallel. */
import { walkBlocks } from '../tree.ts';
import type { Page, ResolvedSite } from '../site/types.ts';
import type { SiteData } from '../site/data.ts';
import type { LoadedBlocks } from './block.ts';
import { readJson } from './api-read.ts';

export async function loadPageData(args: {
  site: ResolvedSite;
  siteData: SiteData;
  page: Page;
  params: Record<string, string | undefined>;
  url: URL;
  blocks: LoadedBlocks;
}): Promise<Record<string, unknown>> {
  const { site, page, blocks } = args;
  const tree = { layout: page.layout === false ? {} : site.layout, pages: [page] };
  const jobs: Promise<[string, unknown]>[] = [];
  const getJson = (target: URL) => readJson(target, args.url.origin);
  for (const { block } of walkBlocks(tree)) {
    const load = blocks[String(block.type)]?.load;
    if (!load) continue;
    jobs.push(
      load({
        props: block.props ?? {},
        block: block as never,
        site,
        siteData: args.siteData,
        params: args.params,
        url: args.url,
        getJson,
      })
        .then((data): [string, unknown] => [String(block.id), data])
        .catch((err: unknown): [string, unknown] => {
          console.error(`[forecourt] block "${String(block.id)}" data failed:`, err);
          return [String(block.id), { error: err instanceof Error ? err.message : String(err) }];
        }),
    );
  }
  return Object.fromEntries(await Promise.all(jobs));
}

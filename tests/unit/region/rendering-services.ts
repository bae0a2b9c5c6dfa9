/**
 * The demo's services for tests that render whole demo sites on the server: a site store of
 * `sites/`, 600 generated cars per dealership, and the embedded engine searched in process,
 * as the server's pages search it (engine/server/app.ts). `close()` undoes all of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { createServices } from '../../../engine/server/services.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { setServerSearchClient } from '../../../blocks/entry-server.tsx';
import { createLocalSearchClient } from '../../../engine/search/client.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

export interface RenderingServices {
  sites: SiteStore;
  services: Awaited<ReturnType<typeof createServices>>;
  close(): void;
}

export async function startRenderingServices(name: string): Promise<RenderingServices> {
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${name}-`));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const sites = new SiteStore(SITES_DIR);
  const services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 600 }),
    dataDir: join(dir, 'data'),
    staffToken: `${name}-test-token`,
  });
  const local = createLocalSearchClient(services.search);
  const factory = (search: { engine?: string; host?: string }) =>
    search.engine !== 'algolia' && !search.host ? local : undefined;
  setServerSearchClient(factory as unknown as Parameters<typeof setServerSearchClient>[0]);
  return {
    sites,
    services,
    close() {
      setServerSearchClient(undefined);
      services.stock.close();
      sites.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Real-page hydration bench, Puck: the same shell and blocks, the blocks rendered by Puck's <Render> (puck-page.tsx). */
import { registry } from '../../../../blocks/registry.ts';
import { hydrateSite } from '../../../../engine/render/client.tsx';
import { afterFirstPaint } from '../probe.ts';
import { loadPuckComponents, withPuckPage, PUCK_PAGE, type PuckData } from './puck-page.tsx';
import { payloadOfPage, startPageProbe } from './probe.ts';

const payload = payloadOfPage();
const shown = payload.site.pages.find((p) => p.blocks)!;
const puck = shown.blocks!.find((b) => String(b.type) === PUCK_PAGE)!;
await loadPuckComponents(registry, (puck.props as { data: PuckData }).data);
await afterFirstPaint();
startPageProbe();
void hydrateSite(withPuckPage(registry));

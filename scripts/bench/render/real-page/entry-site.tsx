/** Real-page hydration bench, Forecourt: the dealer runtime's own entry (blocks/entry-client.tsx), its block modules loaded first. */
import { registry } from '../../../../blocks/registry.ts';
import type { BlockRegistry } from '../../../../engine/render/block.ts';
import { hydrateSite } from '../../../../engine/render/client.tsx';
import { afterFirstPaint } from '../probe.ts';
import { payloadOfPage, startPageProbe } from './probe.ts';

const payload = payloadOfPage();
await Promise.all(payload.blockTypes!.map((type) => (registry as BlockRegistry)[type]()));
await afterFirstPaint();
startPageProbe();
void hydrateSite(registry);

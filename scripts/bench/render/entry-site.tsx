/** Hydration bench, Forecourt whole page: the dealer runtime's own path (engine/render/client.tsx). */
import { hydrateSite } from '../../../engine/render/client.tsx';
import { forecourtRegistry } from './views.ts';
import { afterFirstPaint, startProbe } from './probe.ts';

await afterFirstPaint();
startProbe();
void hydrateSite(forecourtRegistry);

// The search worker run from source (tests, `npm run dev`): tsx registered inside the worker,
// as for the site load worker (engine/server/site-load-worker.source.mjs). The built server
// runs search-worker.js instead (worker-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./search-worker.ts');

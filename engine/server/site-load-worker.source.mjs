// The site load worker run from source (tests, `npm run dev`): tsx registered inside the
// worker, as for the sanitiser's (engine/sanitize/purify-worker.source.mjs). The built server
// runs site-load-worker.js instead (site-load-client.ts).
import { register } from 'tsx/esm/api';

register();
await import('./site-load-worker.ts');

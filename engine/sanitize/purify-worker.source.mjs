// The sanitiser worker run from source (tests, `npm run dev`): tsx registered inside the
// worker, since Node 20 ignores loader hooks given to a worker in execArgv (`--import tsx`;
// nodejs/node#47747). The built server runs purify-worker.js instead (purify-client.ts).
import { register } from 'tsx/esm/api';

register();
await import('./purify-worker.ts');

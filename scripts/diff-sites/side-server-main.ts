/**
 * One side's production server in a process of its own, for the before/after pictures
 * (pictures.ts): `node --import tsx side-server-main.ts <sitesDir> <dataDir>`, started
 * with NODE_ENV=production so React's production build renders, as on a live server,
 * whatever the parent process has already loaded. Prints `{"url": …}` on one line when
 * it listens; stops when its stdin closes (the parent is done or gone).
 */
import { ROOT, startServer } from './side-server.ts';

const [sitesDir, dataDir] = process.argv.slice(2);
if (!sitesDir || !dataDir) {
  console.error('usage: side-server-main.ts <sitesDir> <dataDir>');
  process.exit(2);
}
const server = await startServer(sitesDir, ROOT, dataDir);
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.resume();
// Open connections (the browser's) would hold a graceful close; the side's data is thrown away.
process.stdin.on('end', () => process.exit(0));

/** `npm start` (production build) and `npm run dev` (Vite, hot reload). PORT overrides 4173. */
import { join } from 'node:path';

const mode = process.argv.includes('--dev') ? 'development' : 'production';
// React picks its build when first imported, so settle NODE_ENV before loading the app.
process.env.NODE_ENV = mode;
const { createApp } = await import('./app.ts');
const root = join(import.meta.dirname, '../..');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

const { app, sites, close } = await createApp({
  mode,
  root,
  sitesDir: process.env.FORECOURT_SITES_DIR,
});
const server = app.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const base = `http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}`;
  console.log(`Forecourt (${mode}) listening on ${base}/`);
  for (const e of sites.all()) console.log(`  ${e.ok ? '✓' : '✗'} ${base}/sites/${e.slug}/`);
  console.log(`  editor: ${base}/editor/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() => {
      close();
      process.exit(0);
    }),
  );
}

/**
 * The composition root: the platform (engine/) wired with the demo's stock, photos, reviews,
 * postcodes, rego registry and history reports (demo/defaults.ts), listening on PORT.
 * `npm start` and `npm run serve` (production build), `npm run dev` (Vite, hot reload).
 * PORT overrides 4173 (0 picks a free port), HOST overrides 127.0.0.1; FORECOURT_* (README).
 */
import process from 'node:process';

const mode = process.argv.includes('--dev') ? 'development' : 'production';
// React picks its build when first imported, so settle NODE_ENV before loading the app.
process.env.NODE_ENV = mode;
const { createApp } = await import('./engine/server/app.ts');
const { demo } = await import('./demo/defaults.ts');
const root = import.meta.dirname;
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

const { app, sites, close } = await createApp({
  mode,
  root,
  sitesDir: process.env.FORECOURT_SITES_DIR,
  providers: demo,
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

/**
 * Packages bundled into the server's code rather than imported from node_modules at every
 * start, with the packages they import: lodash-es as published is some 600 modules, express
 * with its dependencies about 150 and ajv about 90, each read, resolved and linked one by one
 * (docs/deploy.md, "Memory and start-up"). Both server builds read this list: the compiled
 * server (scripts/build-server.ts) and the server renderer (vite.config.ts, `ssr.noExternal`).
 */
export const INLINED_PACKAGES = [
  'lodash-es',
  'express',
  'compression',
  'express-static-gzip',
  'ajv',
  'ajv-formats',
];

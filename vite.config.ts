import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One build for the dealer runtime (blocks/entry-client.tsx, code-split per block) and,
// separately, the editor (editor/index.html). Server rendering uses blocks/entry-server.tsx.
// FORECOURT_DIST moves the output (test runs build into their own folder).
const dist = process.env.FORECOURT_DIST ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  appType: 'custom',
  build: isSsrBuild
    ? { outDir: `${dist}/server`, emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: `${dist}/client`,
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'build',
        target: 'es2022',
        copyPublicDir: false,
        rolldownOptions: {
          input: {
            site: 'blocks/entry-client.tsx',
            editor: 'editor/index.html',
            preview: 'editor/preview.html',
          },
        },
      },
}));

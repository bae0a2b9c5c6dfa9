import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { join } from 'node:path';
import { INLINED_PACKAGES } from './scripts/inlined-packages.ts';

// The dealer runtime (blocks/entry-client.tsx, code-split per block) and the editor
// (editor/index.html, editor/preview.html) are two builds into the same folder: built
// together, the bundler would put code both use into shared chunks holding whatever either
// side needs of it, so dealer pages would carry editor needs (~2 KB gzip). FORECOURT_BUILD=editor
// selects the editor build (after the runtime's, which empties the folder). Server rendering
// uses blocks/entry-server.tsx. FORECOURT_DIST moves the output (test runs build into their own folder).
const dist = process.env.FORECOURT_DIST ?? 'dist';
const editorBuild = process.env.FORECOURT_BUILD === 'editor';

/**
 * Writes .vite/modules.json: for each output chunk, the source modules in it. The bundle
 * budget test uses it to prove no editor-only dependency reaches a dealer page. Beside it,
 * .vite/module-sizes.json: each module's rendered length in its chunk (before minifying),
 * which the page weight bench uses to tell where a chunk's bytes go (scripts/bench/page-weight.ts).
 */
function chunkModules(): Plugin {
  return {
    name: 'forecourt-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      const sizes: Record<string, Record<string, number>> = {};
      const name = (id: string) =>
        id.replace(/^.*?node_modules\//, 'node_modules/').replace(process.cwd() + '/', '');
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          map[file] = Object.keys(output.modules).map(name);
          sizes[file] = Object.fromEntries(
            Object.entries(output.modules).map(([id, m]) => [name(id), m.renderedLength]),
          );
        }
      }
      const prefix = editorBuild ? '.vite/editor-' : '.vite/';
      this.emitFile({
        type: 'asset',
        fileName: `${prefix}modules.json`,
        source: JSON.stringify(map),
      });
      this.emitFile({
        type: 'asset',
        fileName: `${prefix}module-sizes.json`,
        source: JSON.stringify(sizes),
      });
    },
  };
}

/**
 * React Router's production build names its components and contexts at the top level
 * (`Link.displayName = "Link"`) and creates them with unannotated calls
 * (`React.forwardRef(...)`): to the bundler both are side effects, so every export stays in
 * the dealer runtime, used or not (NavLink, Form, ScrollRestoration, the data router's
 * prefetching). Dropping the names (shown only by React's developer tools) and marking the
 * calls pure lets the unused ones go (docs/cars.md, "Page weight"); a class's `contextType`
 * set after it becomes a static field, for the same reason.
 */
function treeShakeableReactRouter(): Plugin {
  return {
    name: 'forecourt-tree-shakeable-react-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        let out = code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1');
        // `Boundary.contextType = Context;` after a class expression becomes a static field of it.
        for (const [line, cls, context] of out.matchAll(
          /^([A-Za-z_$][\w$]*)\.contextType = ([A-Za-z_$][\w$]*);$/gm,
        )) {
          const head = new RegExp(
            `^var ${cls.replace(/\$/g, '\\$')} = class extends [\\w$.]+ \\{$`,
            'm',
          );
          if (head.test(out))
            out = out
              .replace(head, (h) => `${h}\n  static contextType = ${context};`)
              .replace(line, '');
        }
        return out;
      },
    },
  };
}

/**
 * A dealer page ships only the en-AU reference words; a page of another region brings its
 * own in its payload, so in the runtime build engine/messages/locales.ts (every locale) reads
 * as locales.runtime.ts. The server and the editor (which previews every region) keep them all.
 */
function regionalWordsFromThePage(): Plugin {
  const allLocales = join(import.meta.dirname, 'engine/messages/locales.ts');
  return {
    name: 'forecourt-regional-words-from-the-page',
    apply: 'build',
    load: (id) => (id === allLocales ? `export * from './locales.runtime.ts';` : null),
  };
}

/**
 * Parts of InstantSearch our search UI never runs, which its core imports anyway: the
 * insights middleware (SearchScope passes insights={false}), the Algolia crawler's metadata
 * middleware, the default history router and state mapping (a scope with routing brings its
 * own, blocks/_search/router.ts), and the template helpers of its DOM widgets. In the dealer runtime they read as stubs that
 * fail loudly if ever called: about 4 KB gzip less on every search page after its first use
 * (docs/cars.md, "Page weight").
 */
const INSTANTSEARCH_STUBS: Record<string, string> = {
  'middlewares/createInsightsMiddleware.js': `export function createInsightsMiddleware() { throw new Error('forecourt: search insights are off (vite.config.ts)'); }`,
  'middlewares/createMetadataMiddleware.js': `export const isMetadataEnabled = () => false;\nexport function createMetadataMiddleware() { throw new Error('forecourt: search metadata is off (vite.config.ts)'); }`,
  'lib/routers/history.js': `export default function historyRouter() { throw new Error('forecourt: search routing brings its own router (vite.config.ts)'); }`,
  'lib/stateMappings/simple.js': `export default function simpleStateMapping() { throw new Error('forecourt: search routing brings its own state mapping (vite.config.ts)'); }`,
  // The template helpers (highlight, snippet, insights) of InstantSearch.js's own DOM widgets; React hooks never read them.
  'lib/createHelpers.js': `export default function hoganHelpers() { return {}; }`,
  // The connectors' insights events: with insights off InstantSearch sends them nowhere (its sendEventToInsights is a no-op).
  'lib/utils/createSendEventForHits.js': `export const createSendEventForHits = () => () => {};\nexport const createBindEventForHits = () => () => '';\nexport const _buildEventPayloadsForHits = () => [];`,
  'lib/utils/createSendEventForFacet.js': `export const createSendEventForFacet = () => () => {};`,
};

export function unusedInstantSearchParts(): Plugin {
  const dir = join(import.meta.dirname, 'node_modules/instantsearch.js/es') + '/';
  return {
    name: 'forecourt-unused-instantsearch-parts',
    apply: 'build',
    load: (id) => (id.startsWith(dir) ? (INSTANTSEARCH_STUBS[id.slice(dir.length)] ?? null) : null),
  };
}

/**
 * instantsearch's default history router (unused: the search blocks route through
 * react-router) pulls in qs; a small local stand-in keeps 17 KB gzip off search pages.
 */
export const QS_STAND_IN = {
  find: /^qs$/,
  replacement: join(import.meta.dirname, 'blocks/_search/qs.ts'),
};

/** The editor's two pages. */
const EDITOR_INPUTS: Record<string, string> = {
  editor: 'editor/index.html',
  preview: 'editor/preview.html',
};
/** A dealer page's first script, and the entry it runs after the first paint (docs/render.md). */
const RUNTIME_INPUTS: Record<string, string> = {
  site: 'blocks/entry-client.tsx',
  start: 'engine/render/start.ts',
};

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    react(),
    treeShakeableReactRouter(),
    !isSsrBuild && !editorBuild && regionalWordsFromThePage(),
    !isSsrBuild && !editorBuild && unusedInstantSearchParts(),
    chunkModules(),
    // The client's files are compressed once, at the highest levels, next to the originals;
    // the server sends them as they are (engine/server/app.ts, express-static-gzip).
    !isSsrBuild &&
      command === 'build' &&
      compression({
        include: /\.(js|css|svg|json)$/,
        threshold: 512,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        logLevel: 'silent',
      }),
  ],
  appType: 'custom',
  // The server renderer bundles these rather than importing their modules at every start (scripts/inlined-packages.ts).
  ssr: { noExternal: INLINED_PACKAGES },
  resolve:
    command === 'build' && !isSsrBuild
      ? {
          alias: [
            QS_STAND_IN,
            // react-router's package exports only name its development build; ship the production one.
            {
              find: /^react-router$/,
              replacement: join(
                import.meta.dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
            },
          ],
        }
      : {},
  build: isSsrBuild
    ? { outDir: `${dist}/server`, emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: `${dist}/client`,
        emptyOutDir: !editorBuild,
        manifest: editorBuild ? '.vite/editor-manifest.json' : true,
        assetsDir: 'build',
        target: 'es2022',
        copyPublicDir: false,
        // A block's code is imported when a page needs it; its styles must come with it,
        // but its JavaScript imports need not be listed for preloading in every page's
        // registry: the server already sends each page's modules as modulepreload links,
        // and on client-side navigation the browser follows the imports itself. The lists
        // cost ~2 KB gzip on every page.
        modulePreload: {
          resolveDependencies: (
            _file: string,
            deps: string[],
            context: { hostType: 'html' | 'js' },
          ) => (context.hostType === 'js' ? deps.filter((d) => d.endsWith('.css')) : deps),
        },
        rolldownOptions: {
          input: editorBuild ? EDITOR_INPUTS : RUNTIME_INPUTS,
        },
      },
}));

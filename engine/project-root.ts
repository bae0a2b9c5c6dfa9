/**
 * The project's folder (package.json, sites/, dist/, the SQL migrations), found from this
 * module's own file: engine/ when the source runs (tsx, tests), the compiled server's
 * folder inside dist/ when `npm start` runs the build (docs/deploy.md, "Memory and
 * start-up"). Data files are found from this one root rather than from each module's own
 * folder, which in the compiled server is a folder of bundled chunks.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function projectFolderAbove(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    // The compiled server takes its packages (react, express…) from the project's node_modules, so it only runs inside the project.
    if (dirname(dir) === dir)
      throw new Error(
        `Forecourt: no package.json in ${from} or above it; run the server from inside the project folder`,
      );
  }
}

export const PROJECT_ROOT = projectFolderAbove(import.meta.dirname);

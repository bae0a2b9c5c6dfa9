/**
 * Unit projects' global setup: what every test file would otherwise make again, made once for
 * the run from the source as it is (so never stale): the site and API validators compiled
 * ahead, and the demo sites' rich text sanitised ahead, as `npm run build` makes them for a
 * built server (engine/schema/precompiled.ts, engine/sanitize/sanitized-file.ts). The files
 * are named to the workers by environment variables and removed at the end of the run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standaloneValidators } from '../../engine/schema/standalone.ts';
import { sanitizeSitesAhead } from '../../engine/sanitize/sanitize-sites.ts';
import { endPurifyWorker } from '../../engine/sanitize/purify-client.ts';

export default function setup() {
  if (process.env.FORECOURT_VALIDATORS_FILE) return; // another project of this run made them
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-tests-'));
  const validators = join(dir, 'validators.cjs');
  const sanitized = join(dir, 'sanitized.json');
  writeFileSync(validators, standaloneValidators());
  writeFileSync(sanitized, sanitizeSitesAhead(join(import.meta.dirname, '../../sites')));
  endPurifyWorker();
  process.env.FORECOURT_VALIDATORS_FILE = validators;
  process.env.FORECOURT_SANITIZED_FILE = sanitized;
  return () => rmSync(dir, { recursive: true, force: true });
}

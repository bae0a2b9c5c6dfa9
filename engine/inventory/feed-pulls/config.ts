/**
 * Where scheduled feed pulls are configured (docs/deploy.md, "Scheduled feed pulls"): the
 * JSON file FORECOURT_FEEDS names, checked against schemas/feeds.schema.json, lists each
 * dealership's feed address and interval; its credentials are only named there. Their values
 * come from the secrets file FORECOURT_FEED_SECRETS names (a JSON object of name → value),
 * then from the environment, and are read again at every pull (a rotated secret needs no
 * restart). No value ever reaches git, the store, a log line or an API answer (mask.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FeedConfig, FeedsConfig } from '../../../schemas/types.gen.ts';
import { createAjv, formatErrors } from '../../schema/validator.ts';

export const FEEDS_VAR = 'FORECOURT_FEEDS';
export const FEED_SECRETS_VAR = 'FORECOURT_FEED_SECRETS';
const FEEDS_SCHEMA_ID = 'https://forecourt.dev/schemas/feeds.schema.json';

/** A configured feed, its defaults filled in. */
export type Feed = FeedConfig & { everyMinutes: number; skipBadRows: boolean };

/** The configuration file is missing, unreadable or invalid: the server says so and does not start. */
export class FeedsConfigError extends Error {}

/** A feed's credential could not be found: that feed's pulls fail (and say so) until it is. */
export class MissingSecret extends Error {}

/** The configured feeds (none when FORECOURT_FEEDS is unset). */
export function feedsFromEnv(env: NodeJS.ProcessEnv = process.env): Feed[] {
  const file = env[FEEDS_VAR];
  if (!file) return [];
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(file), 'utf8'));
  } catch (err) {
    throw new FeedsConfigError(
      `${FEEDS_VAR} (${file}) could not be read: ${(err as Error).message}`,
    );
  }
  return checkFeeds(data, file);
}

/** The feeds of a configuration, checked against its schema and for repeated dealerships. */
export function checkFeeds(data: unknown, file = FEEDS_VAR): Feed[] {
  const validate = createAjv({ useDefaults: true }).getSchema(FEEDS_SCHEMA_ID)!;
  if (!validate(data)) {
    const lines = formatErrors(validate.errors ?? []).map((i) => `  ${i.path}: ${i.message}`);
    throw new FeedsConfigError(`${file} is not a valid feeds file:\n${lines.join('\n')}`);
  }
  const feeds = (data as FeedsConfig).feeds as Feed[];
  const seen = new Set<string>();
  for (const [i, f] of feeds.entries()) {
    const key = `${f.site} / ${f.dealership}`;
    if (seen.has(key))
      throw new FeedsConfigError(`${file}: /feeds/${i}: ${key} has a feed already`);
    seen.add(key);
  }
  return feeds;
}

/** A secret's value: the secrets file first, then the environment. */
function secret(name: string, env: NodeJS.ProcessEnv): string {
  const file = env[FEED_SECRETS_VAR];
  if (file) {
    let values: Record<string, unknown>;
    try {
      values = JSON.parse(readFileSync(resolve(file), 'utf8')) as Record<string, unknown>;
    } catch (err) {
      // The parser's message may quote the file's text: only its name is said.
      throw new MissingSecret(
        `the secrets file ${FEED_SECRETS_VAR} names could not be read (${(err as Error).name})`,
      );
    }
    if (typeof values[name] === 'string' && values[name]) return values[name];
  }
  const value = env[name];
  if (value) return value;
  throw new MissingSecret(
    `the credential ${name} is not set (in the secrets file or the environment)`,
  );
}

/** The request headers a feed's credentials make, and the values to mask wherever text is shown. */
export function feedCredentials(
  feed: FeedConfig,
  env: NodeJS.ProcessEnv = process.env,
): { headers: Record<string, string>; secrets: string[] } {
  const auth = feed.auth;
  if (!auth) return { headers: {}, secrets: [] };
  if ('tokenSecret' in auth) {
    const token = secret(auth.tokenSecret, env);
    return { headers: { Authorization: `Bearer ${token}` }, secrets: [token] };
  }
  const user = secret(auth.userSecret, env);
  const password = secret(auth.passwordSecret, env);
  const basic = Buffer.from(`${user}:${password}`).toString('base64');
  return { headers: { Authorization: `Basic ${basic}` }, secrets: [user, password, basic] };
}

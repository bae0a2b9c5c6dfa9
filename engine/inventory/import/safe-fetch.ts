/**
 * Downloads for the stock import that cannot be turned against the machine running it
 * (docs/security.md, "Stock import"). Each hop (the address asked, then every redirect,
 * at most MAX_REDIRECTS, followed here and never by the HTTP client) has its host name
 * resolved first and every address it resolves to checked against the address policy; the
 * connection then goes to the address checked (the request's `lookup` answers with it), so
 * a name that resolves again differently (DNS rebinding) changes nothing. The answer's
 * Content-Type is checked before its body is read, and the body is counted while it
 * streams: past the limit the download is stopped, whatever Content-Length said or did not.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { ipLiteral, PUBLIC_ONLY, type AddressPolicy } from '../../net/address-policy.ts';

export const MAX_REDIRECTS = 5;

/** A download refused by the rules above (not a network failure). */
export class FetchRefused extends Error {}

export interface Resolved {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** Addresses that may be connected to (default: public ones only). */
  policy?: AddressPolicy;
  /** Largest body, bytes; past it the download stops with `tooLarge()`. */
  maxBytes: number;
  tooLarge?: () => Error;
  /** Why an answer of this Content-Type is not wanted (undefined: it is). */
  refuseType?: (contentType: string) => Error | undefined;
  /** The whole download, redirects included, ms (default 30 s). */
  timeoutMs?: number;
  /** How host names are resolved (default the system's; tests give their own). */
  resolve?: (host: string) => Promise<Resolved[]>;
  /**
   * Request headers (a scheduled feed's Authorization); sent to the first address's origin
   * only, so a redirect elsewhere never receives the feed's credentials.
   */
  headers?: Record<string, string>;
}

export interface SafeAnswer {
  /** The address that answered (after redirects). */
  url: string;
  contentType: string;
  /** The body, stopped with `tooLarge()` past `maxBytes`. */
  body: Readable;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** The address to connect to for `url`, after checking all it resolves to. */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<Resolved> {
  const policy = options.policy ?? PUBLIC_ONLY;
  const literal = ipLiteral(url.hostname);
  const found = literal
    ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
    : await (options.resolve ?? systemResolve)(url.hostname).catch((err: Error) => {
        throw new Error(`${url.hostname} could not be found (${err.message})`);
      });
  if (!found.length) throw new Error(`${url.hostname} could not be found`);
  // One refused address is enough: the name's owner chose to point it inside.
  for (const { address } of found) {
    const why = policy.refusal(address);
    if (why) throw new FetchRefused(literal ? why : `${url.hostname} resolves to ${why}`);
  }
  return found[0];
}

function request(
  url: URL,
  to: Resolved,
  signal: AbortSignal,
  headers: Record<string, string> | undefined,
): Promise<http.IncomingMessage> {
  // The connection goes to the address checked, never to a second resolution of the name.
  const lookup = ((_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) callback(null, [to]);
    else callback(null, to.address, to.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup, signal, agent: false, headers }, resolve);
    req.on('error', reject);
  });
}

function limited(body: Readable, maxBytes: number, tooLarge: () => Error): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        body.destroy();
        done(tooLarge());
      } else done(null, chunk);
    },
  });
  body.on('error', (err) => counter.destroy(err));
  return body.pipe(counter);
}

/** Opens `address` under the rules above: the answer's body is still to be read. */
export async function openSafely(address: string, options: SafeFetchOptions): Promise<SafeAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  let url = new URL(address);
  const origin = url.origin;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchRefused(`${hop ? 'redirected to' : 'is'} a ${url.protocol} address`);
    let to: Resolved;
    try {
      to = await checkedAddress(url, options);
    } catch (err) {
      if (!hop || !(err instanceof FetchRefused)) throw err;
      throw new FetchRefused(`redirected to ${url.href}, refused: ${err.message}`);
    }
    const res = await request(url, to, signal, url.origin === origin ? options.headers : undefined);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      res.destroy();
      if (hop >= MAX_REDIRECTS)
        throw new FetchRefused(`redirected more than ${MAX_REDIRECTS} times`);
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      res.destroy();
      throw new Error(`answered ${status}`);
    }
    const contentType = String(res.headers['content-type'] ?? '');
    const wrongType = options.refuseType?.(contentType);
    if (wrongType) {
      res.destroy();
      throw wrongType;
    }
    const tooLarge =
      options.tooLarge ?? (() => new FetchRefused(`is larger than ${options.maxBytes} bytes`));
    // A declared length past the limit is refused before any of the body is read.
    if (Number(res.headers['content-length'] ?? 0) > options.maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    return { url: url.href, contentType, body: limited(res, options.maxBytes, tooLarge) };
  }
}

/** The whole body of `address` under the rules above. */
export async function fetchSafely(address: string, options: SafeFetchOptions): Promise<Buffer> {
  const { body } = await openSafely(address, options);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

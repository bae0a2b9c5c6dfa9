/**
 * What the server believes about a request's origin: which proxy may speak for the client
 * (FORECOURT_TRUST_PROXY), which host names are this server's (loopback names, plus
 * FORECOURT_PUBLIC_ORIGIN), and whether a browser request comes from this server's own
 * pages. The editor's guard (security.ts) and the canonical address of a page (app.ts)
 * rely on it. The promises are listed in docs/security.md ("Editor and server").
 */
import type { Request, RequestHandler } from 'express';
import { isIP } from 'node:net';

/**
 * Express's "trust proxy" value from FORECOURT_TRUST_PROXY: unset or empty trusts no proxy,
 * so X-Forwarded-For/-Proto/-Host are ignored and req.ip is the connecting address. A
 * number trusts that many hops; anything else is a comma-separated list of addresses,
 * subnets or express's names (loopback, linklocal, uniquelocal). README lists it.
 */
export function trustProxySetting(
  value = process.env.FORECOURT_TRUST_PROXY,
): false | number | string[] {
  const text = (value ?? '').trim();
  if (!text || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** FORECOURT_PUBLIC_ORIGIN as an origin ("https://platform.example.com"), if it is set and valid. */
export function publicOrigin(value = process.env.FORECOURT_PUBLIC_ORIGIN): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The host name of a Host header value ("name:port", "[::1]:port"), lower-cased, without the port. */
export function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that only ever reach this machine. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6)
    return name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(name);
  return false;
}

/** A Host header value that is a syntactically plain "name[:port]" (no user info, path or spaces). */
function plainHost(host: string): boolean {
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host);
}

/**
 * Why a staff request must be refused, or undefined when it may go on: its Host must be a
 * loopback name or the configured public host, and its Origin (browsers send one with every
 * write) the origin of that host or the configured public origin. A page on another name
 * that resolves to this machine (DNS rebinding) sends its own name in both, so it is refused.
 */
export function foreignRequest(
  req: Pick<Request, 'get'>,
  origin = publicOrigin(),
): string | undefined {
  const host = req.get('host') ?? '';
  const publicHost = origin ? new URL(origin).host : undefined;
  const hostOk =
    plainHost(host) && (isLoopbackName(hostName(host)) || host.toLowerCase() === publicHost);
  if (!hostOk)
    return `this server does not answer staff requests for the host "${host.slice(0, 100)}"`;
  const from = req.get('origin');
  if (from === undefined) return undefined;
  let given: URL;
  try {
    given = new URL(from);
  } catch {
    return 'the request comes from a page of another site';
  }
  const sameHost =
    (given.protocol === 'http:' || given.protocol === 'https:') &&
    given.host === host.toLowerCase();
  if (sameHost || given.origin === origin) return undefined;
  return 'the request comes from a page of another site';
}

/** Whether a request passed through a proxy (which then speaks for someone else, not this machine). */
export function cameThroughProxy(req: Pick<Request, 'get'>): boolean {
  return ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => req.get(h) !== undefined);
}

/**
 * Refuses paths a browser would read as another address: a backslash (browsers treat "\"
 * as "/", so "/\evil.example/" means "//evil.example/") or a leading "//", written plainly
 * or percent-encoded. Nothing the platform serves has either. A path whose percent-escapes
 * do not decode (`/cars/%E0%A4%A`) is refused too, before any route would fail on it with a 500.
 */
export function refuseAmbiguousPaths(): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0];
    if (/\\|%5c/i.test(path) || /^\/(\/|%2f)/i.test(path) || !decodes(path)) {
      res.status(400).type('text/plain').send('This is not an address on this site.');
      return;
    }
    next();
  };
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The origin of a page's canonical address, og:url and absolute links: never the Host
 * header as sent. A site reached by one of its host names uses that name as its document
 * writes it (siteHost); the side-by-side paths (/sites/{slug}/, /drafts/{slug}/) use
 * FORECOURT_PUBLIC_ORIGIN, else the request's own address when that is a loopback name
 * (the local demo), else this server's own local address.
 */
export function pageOrigin(
  req: Request,
  siteHost: string | undefined,
  configured = publicOrigin(),
): string {
  const host = req.get('host') ?? '';
  const port = plainHost(host) ? /:(\d{1,5})$/.exec(host)?.[1] : undefined;
  if (siteHost) return `${req.protocol}://${siteHost.toLowerCase()}${port ? `:${port}` : ''}`;
  if (configured) return configured;
  if (plainHost(host) && isLoopbackName(hostName(host)))
    return `${req.protocol}://${host.toLowerCase()}`;
  return `${req.protocol}://localhost:${req.socket.localPort}`;
}

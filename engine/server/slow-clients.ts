/**
 * Clients that hold connections without using them (docs/security.md, "Editor and server"):
 * Node's own limits cut off headers and bodies sent slowly (time-budget.ts); this adds the two
 * it lacks. A response nobody reads (its bytes queued, none taken for `writeTimeoutMs`) has its
 * connection closed; and one address may hold at most `perAddress` connections, so a single
 * client cannot take every file descriptor. Behind a trusted proxy (FORECOURT_TRUST_PROXY) the
 * proxy's own connections are not counted, and the address it forwards counts its requests in
 * flight instead, answered 429 past the cap.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A response whose queued bytes no one takes for this long loses its connection. */
  writeTimeoutMs: number;
  /** Connections (behind a proxy: requests in flight) one client address may hold at once. */
  perAddress: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = { writeTimeoutMs: 20_000, perAddress: 64 };

export const TOO_MANY_CONNECTIONS = 'Too many connections from your address. Please try again.';

/** Whether the hop at `address` (0: the connecting one) is a proxy trusted to forward: express's "trust proxy fn". */
export type TrustedHop = (address: string, hop: number) => boolean;

/**
 * The client address as express computes it for req.ip: the connecting address, then each
 * X-Forwarded-For entry from the right while the hop before it is trusted.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedHop): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const hops = [req.socket.remoteAddress ?? '', ...forwarded];
  let i = 0;
  while (i < hops.length - 1 && trusted(hops[i], i)) i++;
  return hops[i];
}

/**
 * Guards `server`'s connections and answers its requests with `handler`: use the result as
 * the server's request listener.
 */
export function guardConnections(
  server: Server,
  handler: RequestListener,
  { limits = CONNECTION_LIMITS, trusted }: { limits?: ConnectionLimits; trusted: TrustedHop },
): RequestListener {
  const open = new Map<string, number>();
  const count = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
    return n;
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (trusted(address, 0)) return; // the proxy: its clients are counted per request below
    if (count(open, address, 1) > limits.perAddress) {
      count(open, address, -1);
      socket.destroy();
      return;
    }
    socket.once('close', () => count(open, address, -1));
  });

  // Sockets with a response: how many bytes they had handed to the system, and since when.
  const waiting = new Map<Socket, { written: number; since: number }>();
  const taken = (socket: Socket) => socket.bytesWritten - socket.writableLength;
  const check = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, seen] of waiting) {
        if (socket.destroyed) waiting.delete(socket);
        else if (socket.writableLength === 0 || taken(socket) !== seen.written)
          waiting.set(socket, { written: taken(socket), since: now });
        else if (now - seen.since >= limits.writeTimeoutMs) {
          waiting.delete(socket);
          socket.destroy();
        }
      }
    },
    Math.max(10, Math.min(1000, limits.writeTimeoutMs / 4)),
  );
  check.unref();
  server.once('close', () => clearInterval(check));

  const inFlight = new Map<string, number>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    waiting.set(socket, { written: taken(socket), since: Date.now() });
    res.once('close', () => {
      if (!socket.destroyed && socket.writableLength === 0) waiting.delete(socket);
    });
    if (trusted(socket.remoteAddress ?? '', 0)) {
      const client = clientAddress(req, trusted);
      const n = count(inFlight, client, 1);
      res.once('close', () => count(inFlight, client, -1));
      if (n > limits.perAddress) {
        res.writeHead(429, { 'Retry-After': '5', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(TOO_MANY_CONNECTIONS);
        return;
      }
    }
    handler(req, res);
  };
}

/**
 * A slowloris and the visitor beside it (docs/security.md, "Slow clients cannot hold
 * connections"): `connections` sockets, spread over loopback addresses of their own
 * (127.0.1.x, so the per-address cap is not what stops them), each sending a request's first
 * line and then a header line every `dripMs`, never the blank line that ends the headers. A
 * socket the server closes is opened again at once, so the attack holds its number all the
 * while. Shared by `npm run bench -- slowloris` and tests/unit/server/slowloris.test.ts.
 */
import { connect, type Socket } from 'node:net';

export interface SlowlorisOptions {
  host: string;
  port: number;
  connections: number;
  /** Loopback addresses the connections come from (each holds connections / addresses). */
  addresses: number;
  dripMs: number;
}

export interface Slowloris {
  /** Connections open right now. */
  open(): number;
  /** Connections the server closed (each was opened again). */
  closedByServer(): number;
  stop(): void;
}

export function slowloris(o: SlowlorisOptions): Promise<Slowloris> {
  const sockets = new Set<Socket>();
  let stopped = false;
  let closed = 0;
  let n = 0;
  const start = (): Promise<void> =>
    new Promise((resolve) => {
      const from = `127.0.1.${1 + (n++ % o.addresses)}`;
      const socket = connect({ host: o.host, port: o.port, localAddress: from });
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('connect', () => {
        socket.write(`GET / HTTP/1.1\r\nHost: ${o.host}\r\n`);
        resolve();
      });
      socket.once('close', () => {
        sockets.delete(socket);
        resolve();
        if (stopped) return;
        closed++;
        setTimeout(() => void start(), 10);
      });
    });
  const drip = setInterval(() => {
    for (const s of sockets) if (s.writable) s.write(`X-Drip-${n % 97}: ${Date.now()}\r\n`);
  }, o.dripMs);
  const opening = async () => {
    // In batches, as an attacker with one machine would; all at once would be a SYN flood.
    for (let i = 0; i < o.connections; i += 100)
      await Promise.all(Array.from({ length: Math.min(100, o.connections - i) }, () => start()));
  };
  return opening().then(() => ({
    open: () => [...sockets].filter((s) => !s.connecting && !s.destroyed).length,
    closedByServer: () => closed,
    stop() {
      stopped = true;
      clearInterval(drip);
      for (const s of sockets) s.destroy();
    },
  }));
}

/** The 99th percentile, in ms, of `requests` GETs of `url`, `inFlight` at a time (each must answer 200). */
export async function p99(url: string, requests: number, inFlight: number): Promise<number> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next++;
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  times.sort((a, b) => a - b);
  return times[Math.ceil(times.length * 0.99) - 1];
}

export interface SlowlorisRun {
  quietMs: number;
  duringMs: number;
  /** Slow connections open when the visitor's run ended. */
  heldAtEnd: number;
  closedByServer: number;
}

/** The visitor's p99 quiet, then with the slowloris holding its connections, in one run. */
export async function measureSlowloris(
  url: string,
  attack: Omit<SlowlorisOptions, 'host' | 'port'>,
  requests = 300,
  inFlight = 4,
): Promise<SlowlorisRun> {
  const { hostname, port } = new URL(url);
  await p99(url, 50, inFlight); // warm: first renders, caches
  const quietMs = await p99(url, requests, inFlight);
  const held = await slowloris({ ...attack, host: hostname, port: Number(port) });
  try {
    const duringMs = await p99(url, requests, inFlight);
    return { quietMs, duringMs, heldAtEnd: held.open(), closedByServer: held.closedByServer() };
  } finally {
    held.stop();
  }
}

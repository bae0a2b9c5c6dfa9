/**
 * A port already in use is a clear error and a failed start, never a "listening" line and
 * exit 0 (docs/security.md, "Editor and server"): the second of two servers on one port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOrExplain } from '../../../engine/server/listen.ts';
import { spawnChild } from '../child-server.ts';

let first: Server;
let port: number;

beforeAll(async () => {
  first = createServer();
  await listenOrExplain(first, 0, '127.0.0.1');
  port = (first.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => first.close(r)));

describe('a port already in use', () => {
  it('is an error naming the port', async () => {
    const second = createServer();
    await expect(listenOrExplain(second, port, '127.0.0.1')).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use`,
    );
    expect(second.listening).toBe(false);
  });

  it('makes server.ts say so and exit 1, without a "listening" line', async () => {
    const server = spawnChild('server.ts', [], {
      env: { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.err()).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(server.out()).not.toContain('listening on');
  }, 60_000);
});

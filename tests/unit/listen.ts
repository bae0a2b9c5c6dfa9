/**
 * A test's app on a free port of this machine: its server, its base address, and a close
 * that waits for the server to stop.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  server: Server;
  base: string;
  close(): Promise<void>;
}

export async function listenLocally(app: Pick<Express, 'listen'>): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

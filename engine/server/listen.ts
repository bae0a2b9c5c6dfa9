/**
 * Listening on a port, with the failures said plainly: a port already in use (another
 * Forecourt, another program) or one this user may not open is an error naming the port,
 * never a "listening" line (server.ts exits 1 on it).
 */
import type { Server } from 'node:http';

export function listenOrExplain(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const where = `port ${port} on ${host}`;
      if (err.code === 'EADDRINUSE')
        reject(
          new Error(
            `${where} is already in use (is another server running?). Stop it, or set PORT to a free port (PORT=0 picks one).`,
          ),
        );
      else if (err.code === 'EACCES')
        reject(
          new Error(`${where} may not be opened by this user. Set PORT to a port above 1023.`),
        );
      else if (err.code === 'EADDRNOTAVAIL')
        reject(new Error(`${where}: this machine has no address ${host}. Check HOST.`));
      else reject(new Error(`could not listen on ${where}: ${err.message}`));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * HTTP by hand on a socket, for the drain tests (drain.test.ts, tests/browser/drain.test.ts): a
 * connection of one's own, whose request can be sent in parts (its headers or body finished
 * after a signal), and what a new connection to a port meets. (raw-http.ts sends whole
 * requests with node:http.)
 */
import { connect, type Socket } from 'node:net';

/** A connection of its own to the server, read as text; `closed` resolves when the server ends it. */
export async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  let answer = '';
  const arrivals = new Set<() => void>();
  socket.on('data', (c: Buffer) => ((answer += c), arrivals.forEach((a) => a())));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    send: (text: string) => socket.write(text),
    closed,
    answer: () => answer,
    /** Resolves once what has arrived matches `pattern`. */
    received(pattern: RegExp) {
      return new Promise<void>((resolve) => {
        const check = () => pattern.test(answer) && (arrivals.delete(check), resolve());
        arrivals.add(check);
        check();
      });
    },
    /** Resolves once a whole answer with a JSON body has arrived. */
    answered() {
      return this.received(/\r\n\r\n\{.*\}$/s);
    },
    /** The status line and headers of the (first) answer. */
    head: () => answer.split('\r\n\r\n')[0],
    /** The head and the JSON body of the one answer. */
    parsed() {
      const [head, body] = answer.split('\r\n\r\n');
      return { head, body: JSON.parse(body) as Record<string, unknown> };
    },
  };
}

/** What a new connection to the port meets: 'connected', or the error's code. */
export const newConnection = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });

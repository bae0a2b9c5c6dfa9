/**
 * A real SMTP server in the test process (the smtp-server package) that keeps what it
 * receives, can refuse, and can be stopped and started again on its port; and the lead
 * delivery helpers the delivery tests share.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  replyTo?: string;
  raw: string;
}

/** One header of a raw message (unfolded). */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head);
  return m?.[1].trim();
}

export interface TestSmtp {
  port: number;
  url: string;
  mail: ReceivedMail[];
  /** Answers this SMTP code to every recipient while set (e.g. 550: refused for good). */
  refuseWith?: number;
  /** While set, a message is kept (and not yet accepted) until this resolves: a slow mail server. */
  holdUntil?: Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A free port on 127.0.0.1 (nothing listens there until the caller starts something). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startSmtp(options: { port?: number; listen?: boolean } = {}) {
  const port = options.port ?? (await freePort());
  let server: SMTPServer | undefined;
  const t: TestSmtp = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mail: [],
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (t.refuseWith) {
            const err = Object.assign(new Error('Mailbox unavailable'), {
              responseCode: t.refuseWith,
            });
            return callback(err);
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            void Promise.resolve(t.holdUntil).then(() => {
              t.mail.push({
                to: session.envelope.rcptTo.map((r) => r.address),
                messageId: header(raw, 'Message-ID') ?? '',
                subject: header(raw, 'Subject') ?? '',
                replyTo: header(raw, 'Reply-To'),
                raw,
              });
              callback();
            });
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  if (options.listen !== false) await t.start();
  return t;
}

/** The lead id a delivery's Message-ID carries (delivery/channels.ts, deliveryKeys). */
export const leadIdOf = (messageId: string) => Number(/<lead-(\d+)\./.exec(messageId)?.[1]);

/** The HTML part of a raw message, quoted-printable decoded. */
export function htmlPart(raw: string): string {
  const start = raw.search(/Content-Type: text\/html/i);
  if (start < 0) return '';
  const body = raw
    .slice(start)
    .split(/\r?\n\r?\n/)[1]
    .split(/\r?\n--/)[0];
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

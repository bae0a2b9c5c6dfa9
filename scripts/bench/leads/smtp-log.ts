/**
 * The leads bench's mail server: a real SMTP server (the smtp-server package) in the bench
 * process that logs each message it accepts by its Message-ID, with who sent it (the From
 * address names the server process: api-server.ts's FORECOURT_MAIL_FROM), to whom, and
 * the buyer it is about. It can be stopped (its port then refuses connections, as a mail
 * server that is down) and started again on the same port.
 */
import { SMTPServer } from 'smtp-server';
import { header } from '../../../tests/unit/leads/smtp-kit.ts';

export interface LoggedMail {
  messageId: string;
  /** The From header's address: which server process sent it. */
  from: string;
  to: string[];
  replyTo?: string;
  at: number;
}

const address = (value: string | undefined) => /<([^>]+)>/.exec(value ?? '')?.[1] ?? value ?? '';

export async function startSmtpLog(port: number) {
  let server: SMTPServer | undefined;
  const log: LoggedMail[] = [];
  const start = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Many servers' workers at once, each with its own connection per message.
      maxClients: 500,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          log.push({
            messageId: header(raw, 'Message-ID') ?? '',
            from: address(header(raw, 'From')),
            to: session.envelope.rcptTo.map((r) => r.address),
            replyTo: address(header(raw, 'Reply-To')) || undefined,
            at: Date.now(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    s.removeAllListeners('error');
    // A sender SIGKILLed mid-message resets its connection: that message was not accepted.
    s.on('error', () => {});
    server = s;
  };
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    log,
    start,
    /** Stops listening: new connections are refused; a message being received is finished. */
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
export type SmtpLog = Awaited<ReturnType<typeof startSmtpLog>>;

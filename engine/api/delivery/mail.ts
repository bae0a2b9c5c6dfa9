/**
 * Email delivery with nodemailer (docs/leads.md, "Email"): over SMTP when FORECOURT_SMTP_URL
 * is set, else written as .eml files to {data folder}/outbox/ (one file per Message-ID, so a
 * retry rewrites the same file), which needs no account. The channels for the dealership's
 * email, the buyer's confirmation and ADF/XML by email.
 */
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { ResolvedSite } from '../../site/types.ts';
import { leadToAdf } from './adf.ts';
import { DeliveryError, type Channel, type Channels, type DeliveryJob } from './channels.ts';
import { confirmationEmail, dealerEmail, type EmailContent } from './email.ts';
import { leadLocation } from './facts.ts';

export interface MailMessage extends EmailContent {
  from: string;
  to: string;
  replyTo?: string;
  messageId: string;
  /** ADF/XML by email: the document as the message's text, as CRMs read it. */
  adf?: boolean;
  /** Further headers (an alert email's List-Unsubscribe, docs/api.md "Saved searches and alerts"). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Where mail goes, for the start-up note. */
  where: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP answers and socket errors: 5xx refuses for good, anything else may pass later. */
function classify(err: unknown): DeliveryError {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const message = `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`;
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
  return new DeliveryError(message, !permanent);
}

function mailOptions(m: MailMessage) {
  return {
    from: m.from,
    to: m.to,
    replyTo: m.replyTo,
    subject: m.subject,
    text: m.adf ? undefined : m.text,
    html: m.adf ? undefined : m.html,
    messageId: m.messageId,
    ...(m.adf ? { text: { content: m.text, contentType: 'text/plain; charset=utf-8' } } : {}),
    headers: m.headers ?? { 'X-Forecourt-Lead': '1' },
  };
}

/**
 * A nodemailer transport made at its first message: a server that sends none (most start-ups)
 * never loads nodemailer.
 */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((m) => m.createTransport(options))),
    close: () => void made?.then((t) => t.close()),
  };
}

export function smtpTransport(url: string): MailTransport {
  const transport = lazyTransport({
    url,
    // Well inside the worker's lease (worker.ts), so a hung server is a retry, not a double send.
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const safe = new URL(url);
  return {
    where: `SMTP ${safe.hostname}:${safe.port || (safe.protocol === 'smtps:' ? 465 : 25)}`,
    async send(m) {
      try {
        await (await transport.get()).sendMail(mailOptions(m) as SendMailOptions);
      } catch (err) {
        throw classify(err);
      }
    },
    close: () => transport.close(),
  };
}

/** The file a message is written to: its Message-ID, made safe as a name. */
const emlName = (messageId: string) => `${messageId.replace(/[^A-Za-z0-9@._-]+/g, '')}.eml`;

export function fileTransport(dir: string): MailTransport {
  const transport = lazyTransport({ streamTransport: true, buffer: true });
  return {
    where: dir,
    async send(m) {
      const info = await (await transport.get()).sendMail(mailOptions(m) as SendMailOptions);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, emlName(m.messageId));
      // Whole or not at all: a crash mid-write leaves no half message to be read as sent.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}

/** How many messages the file outbox holds (the start-up note). */
export function outboxFiles(dir: string): number {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}

/** The sender: FORECOURT_MAIL_FROM, else the site's name at its first host name. */
export function mailSender(site: ResolvedSite, from: string | undefined) {
  const name = site.name.replace(/["\\\r\n]/g, '');
  return from ?? `"${name}" <leads@${site.hostnames?.[0] ?? 'forecourt.local'}>`;
}

export function mailChannels(transport: MailTransport, from?: string): Channels {
  const send = (job: DeliveryJob, content: EmailContent, extra: Partial<MailMessage> = {}) =>
    transport.send({
      ...content,
      from: mailSender(job.site, from),
      to: job.delivery.target,
      messageId: job.messageId,
      ...extra,
    });
  const email: Channel = {
    send: (job) =>
      send(job, dealerEmail(job.facts, job.site), { replyTo: job.facts.customer.email }),
  };
  const confirmation: Channel = {
    send: (job) =>
      send(
        job,
        confirmationEmail(job.facts, job.site, leadLocation(job.site, job.delivery.location)),
        { replyTo: job.facts.dealer.email },
      ),
  };
  const adfEmail: Channel = {
    async send(job) {
      let xml: string;
      try {
        xml = leadToAdf(job.facts);
      } catch (err) {
        throw new DeliveryError((err as Error).message, false);
      }
      await send(
        job,
        { subject: `ADF lead ${job.lead.lead_id} – ${job.site.name}`, text: xml, html: '' },
        { adf: true, replyTo: job.facts.customer.email },
      );
    },
  };
  return { email, confirmation, 'adf-email': adfEmail };
}

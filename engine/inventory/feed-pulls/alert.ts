/**
 * The alert of a feed that keeps failing (docs/deploy.md, "Scheduled feed pulls"): one email
 * to the platform's operations address (FORECOURT_OPS_EMAIL) through the lead mailer
 * (FORECOURT_SMTP_URL, else the .eml outbox in the data folder), sent when the ALERT_AFTER-th
 * pull in a row fails. Without an operations address the alert is an `[feeds]` error line.
 * Its Message-ID names the run of failures, so a retried send replaces, never repeats, it.
 */
import { join } from 'node:path';
import type { FeedPullRecord } from '../../api/store/feed-pulls.ts';
import { fileTransport, smtpTransport, type MailTransport } from '../../api/delivery/mail.ts';
import type { Feed } from './config.ts';

export const OPS_EMAIL_VAR = 'FORECOURT_OPS_EMAIL';

export function alertText(feed: Feed, r: FeedPullRecord) {
  const who = `${feed.site} / ${feed.dealership}`;
  return {
    subject: `Stock feed failing: ${who} (${r.failures_in_a_row} pulls in a row)`,
    text: [
      `The stock feed of ${who} failed ${r.failures_in_a_row} times in a row; the site keeps showing the stock of the last good pull (${r.last_good_at ?? 'none yet'}).`,
      '',
      `Last failure (${r.last_at}): ${r.failure}`,
      `Next pull: ${r.next_at}`,
      '',
      'Staff see each pull at GET /api/staff/feeds?site=' + feed.site + ' and in the editor.',
    ].join('\n'),
  };
}

/** The alert sender of the environment's mailer, or a log line without FORECOURT_OPS_EMAIL. */
export function feedAlerts(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: Pick<Console, 'error'>,
): { send: (feed: Feed, record: FeedPullRecord) => Promise<void>; close(): void } {
  const to = env[OPS_EMAIL_VAR];
  let transport: MailTransport | undefined;
  return {
    async send(feed, record) {
      const { subject, text } = alertText(feed, record);
      if (!to) return void log.error(`[feeds] ALERT ${subject}: ${record.failure}`);
      transport ??= env.FORECOURT_SMTP_URL
        ? smtpTransport(env.FORECOURT_SMTP_URL)
        : fileTransport(join(dataDir, 'outbox'));
      const run = `${feed.site}.${feed.dealership}.${record.last_good_at ?? 'never'}`;
      await transport.send({
        from: env.FORECOURT_MAIL_FROM ?? '"Forecourt" <feeds@forecourt.local>',
        to,
        subject,
        text,
        html: '',
        messageId: `<feed-alert.${run.replace(/[^A-Za-z0-9.-]/g, '')}@forecourt.local>`,
      });
    },
    close: () => transport?.close(),
  };
}

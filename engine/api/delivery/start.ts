/**
 * The delivery worker as the API starts it (docs/leads.md) on the API's job queue: the channels from the
 * environment (FORECOURT_SMTP_URL, else the .eml outbox in the data folder; ADF/XML by email
 * or POST; the signed webhook), and the start-up note of where mail goes and what is still
 * undelivered.
 */
import { join } from 'node:path';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ApiRouterOptions } from '../options.ts';
import type { Store } from '../store/types.ts';
import type { Channels } from './channels.ts';
import { httpChannels } from './http-channels.ts';
import { fileTransport, mailChannels, outboxFiles, smtpTransport } from './mail.ts';
import { DeliveryWorker, type DeliveryTuning } from './worker.ts';

export interface DeliveryOptions {
  /** Replace or add channels (tests; a deployment's own). */
  channels?: Channels;
  tuning?: DeliveryTuning;
  random?: () => number;
  /** false: no worker runs (the outbox rows are still written). */
  enabled?: boolean;
}

export function startDelivery(
  options: ApiRouterOptions,
  store: Store,
  clock: Clock,
  log: Pick<Console, 'log' | 'warn' | 'error'>,
  jobs: JobQueue,
) {
  const env = options.env ?? process.env;
  const outbox = join(options.dataDir, 'outbox');
  const transport = env.FORECOURT_SMTP_URL
    ? smtpTransport(env.FORECOURT_SMTP_URL)
    : fileTransport(outbox);
  const worker = new DeliveryWorker({
    deliveries: store.deliveries,
    leads: store.leads,
    sites: options.sites,
    channels: {
      ...mailChannels(transport, env.FORECOURT_MAIL_FROM),
      // Plain HTTP to this machine only when asked (development, tests): docs/leads-crm.md.
      ...httpChannels({ allowLocal: env.FORECOURT_DELIVERY_ALLOW_LOCAL === '1' }, env),
      ...options.delivery?.channels,
    },
    clock,
    jobs,
    getCar: (id, site) => (typeof id === 'number' ? options.getCar?.(id, site) : undefined),
    publicOrigin: env.FORECOURT_PUBLIC_ORIGIN,
    tuning: options.delivery?.tuning,
    random: options.delivery?.random,
    log,
  });
  return {
    worker,
    /** The mail transport, shared with the saved-search alerts (alerts/worker.ts). */
    transport,
    async start() {
      const counts = await store.deliveries.counts();
      const files = env.FORECOURT_SMTP_URL ? '' : ` (${outboxFiles(outbox)} .eml files there)`;
      log.log(
        `[forecourt] lead delivery: mail to ${transport.where}${files}, jobs ${jobs.where}; ${counts.pending} pending, ${counts.failed} failed, ${counts.dead} dead-lettered, ${counts.delivered} delivered`,
      );
      if (options.delivery?.enabled !== false) await worker.start();
    },
    /** After the job queue has stopped: no delivery is sending any more. */
    close() {
      worker.stop();
      transport.close();
    },
  };
}

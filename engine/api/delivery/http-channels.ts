/**
 * The channels that POST a lead to a dealer's system (docs/leads.md; the formats:
 * docs/leads-crm.md): ADF/XML to a CRM's web address, and the signed JSON webhook, whose
 * secret is read from the server setting the route names (never from the document).
 */
import { ADF_CONTENT_TYPE, AdfError, leadToAdf } from './adf.ts';
import { DeliveryError, type Channels, type DeliveryJob } from './channels.ts';
import type { DestinationPolicy } from './destination.ts';
import { idempotencyKey, postDelivery } from './http-post.ts';
import {
  signWebhook,
  webhookBody,
  WEBHOOK_CONTENT_TYPE,
  WEBHOOK_SIGNATURE_HEADER,
} from './webhook.ts';

export const SECRET_MISSING = (name: string) =>
  `The webhook's signing secret ${name} is not set on this server; the platform team sets it, and the lead is sent once it is.`;

export function httpChannels(policy: DestinationPolicy, env: NodeJS.ProcessEnv): Channels {
  const post = async (
    job: DeliveryJob,
    body: string,
    contentType: string,
    headers?: Record<string, string>,
  ) => {
    const outcome = await postDelivery({
      url: job.delivery.target,
      body,
      contentType,
      idempotencyKey: idempotencyKey(job.lead.lead_id, job.delivery.target),
      headers,
      policy,
    });
    if (outcome.result !== 'delivered')
      throw new DeliveryError(outcome.reason, outcome.result === 'retry');
  };
  return {
    'adf-post': {
      async send(job) {
        let xml: string;
        try {
          xml = leadToAdf(job.facts);
        } catch (err) {
          if (err instanceof AdfError) throw new DeliveryError(err.message, false);
          throw err;
        }
        await post(job, xml, ADF_CONTENT_TYPE);
      },
    },
    webhook: {
      async send(job) {
        const name = job.delivery.secretEnv ?? '';
        const secret = env[name];
        // Retried: setting the secret on the servers is what staff are told to do.
        if (!secret) throw new DeliveryError(SECRET_MISSING(name), true);
        const body = webhookBody(job.facts);
        await post(job, body, WEBHOOK_CONTENT_TYPE, {
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(
            body,
            secret,
            Math.floor(job.now.getTime() / 1000),
          ),
        });
      },
    },
  };
}

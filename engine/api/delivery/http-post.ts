/**
 * Posts a lead's body (ADF/XML or the JSON webhook) to a dealer's CRM and says what became of
 * it (docs/leads-crm.md, "HTTP delivery"): delivered (2xx), to be retried (408, 425, 429,
 * 5xx, no answer in time, a network failure; `Retry-After` honoured), or refused (any other
 * answer, or a destination the policy does not allow), which staff see and no retry changes.
 * Every attempt carries the same `Idempotency-Key`, so a CRM that saw an attempt whose answer
 * was lost makes no second lead.
 *
 * node:http(s) rather than fetch: the destination's addresses are checked as the connection
 * is made (destination.ts, guardedLookup), and a redirect is never followed to somewhere
 * unchecked (it is refused, naming the status, so staff set the final address).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkDestination, DestinationRefused, guardedLookup } from './destination.ts';
import type { DestinationPolicy } from './destination.ts';

export type PostOutcome =
  | { result: 'delivered'; status: number }
  | { result: 'retry'; status?: number; reason: string; retryAfterMs?: number }
  | { result: 'refused'; status?: number; reason: string };

export interface PostRequest {
  url: string;
  body: string | Buffer;
  contentType: string;
  /** The same on every attempt of one delivery (`idempotencyKey`). */
  idempotencyKey: string;
  /** More headers (a webhook's signature). */
  headers?: Record<string, string>;
  policy: DestinationPolicy;
  /** Longest wait for the whole answer, ms. */
  timeoutMs?: number;
  /** Now, for a `Retry-After` given as a date (a test seam). */
  now?: () => number;
}

export const POST_TIMEOUT_MS = 15_000;
/** How much of an answer's body is kept to show staff why it was refused or failed. */
const KEPT_ANSWER_CHARS = 200;
export const POST_USER_AGENT = 'Forecourt-Lead-Delivery/1';

export const POST_MESSAGES = {
  timeout: (ms: number) => `no answer within ${ms / 1000} s`,
  network: (detail: string) => `could not be reached (${detail})`,
  status: (status: number, answer: string) =>
    `answered ${status}${answer ? `: ${answer}` : ''}`.trim(),
  redirect: (status: number, location: string | undefined) =>
    `answered ${status}, a redirect${location ? ` to ${location}` : ''}, which is not followed: set the destination to the final address`,
  destination: (reason: string) => `The address ${reason}.`,
} as const;

/**
 * The key a delivery of a lead to a destination carries on every attempt. The destination is
 * hashed: its URL may hold a token the receiver should not see echoed in a header.
 */
export function idempotencyKey(leadId: number | string, destination: string): string {
  const hash = createHash('sha256').update(destination).digest('hex').slice(0, 16);
  return `lead-${leadId}-${hash}`;
}

/** `Retry-After` as milliseconds from now: seconds, or an HTTP date. */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** What a status means for the delivery. */
export function classifyStatus(status: number): PostOutcome['result'] {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** The first characters of an answer, on one line, for staff to read. */
const shortAnswer = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, KEPT_ANSWER_CHARS);

function send(url: URL, request: PostRequest, signal: AbortSignal): Promise<Answer> {
  const headers: Record<string, string> = {
    ...request.headers,
    'Content-Type': request.contentType,
    'Content-Length': String(Buffer.byteLength(request.body)),
    'Idempotency-Key': request.idempotencyKey,
    'User-Agent': POST_USER_AGENT,
  };
  // Credentials in the address (https://user:pass@crm…) are sent as Basic authentication.
  if (url.username || url.password) {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.Authorization = `Basic ${Buffer.from(user).toString('base64')}`;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers,
        signal,
        // One connection per attempt: no pooled socket outlives the address check.
        agent: false,
        lookup: guardedLookup(url.protocol, request.policy),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < KEPT_ANSWER_CHARS * 4) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Posts the body once and says what became of it; never throws. */
export async function postDelivery(request: PostRequest): Promise<PostOutcome> {
  const timeoutMs = request.timeoutMs ?? POST_TIMEOUT_MS;
  let url: URL;
  try {
    url = checkDestination(request.url, request.policy);
  } catch (err) {
    return { result: 'refused', reason: POST_MESSAGES.destination((err as Error).message) };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  let answer: Answer;
  try {
    answer = await send(url, request, signal);
  } catch (err) {
    if (err instanceof DestinationRefused)
      return { result: 'refused', reason: POST_MESSAGES.destination(err.message) };
    if (signal.aborted) return { result: 'retry', reason: POST_MESSAGES.timeout(timeoutMs) };
    const { code, message } = err as NodeJS.ErrnoException;
    return { result: 'retry', reason: POST_MESSAGES.network(code ?? message) };
  }
  const { status, headers } = answer;
  const result = classifyStatus(status);
  if (result === 'delivered') return { result, status };
  if (status >= 300 && status < 400)
    return { result: 'refused', status, reason: POST_MESSAGES.redirect(status, headers.location) };
  const reason = POST_MESSAGES.status(status, shortAnswer(answer.text));
  if (result === 'refused') return { result, status, reason };
  const wait = retryAfterMs(headers['retry-after'], (request.now ?? Date.now)());
  return { result, status, reason, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
}

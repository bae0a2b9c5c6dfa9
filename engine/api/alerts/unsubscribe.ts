/**
 * The one-click unsubscribe link of alert emails (docs/api.md, "Saved searches and alerts"):
 * a token naming the site and the email address, signed with an HMAC under a key kept in the
 * store (like the lead secrets, lead-secret.ts), so the link works without a session and
 * cannot be made for another address. It does not expire: an old email's link must still work.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface Subscriber {
  site: string;
  email: string;
}

export class UnsubscribeTokens {
  constructor(private readonly key: string) {}

  private sign(payload: string) {
    return createHmac('sha256', this.key).update(`unsubscribe:${payload}`).digest('base64url');
  }

  make(s: Subscriber): string {
    const payload = Buffer.from(JSON.stringify([s.site, s.email])).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The subscriber a token names, or undefined when it is malformed or its signature is wrong. */
  read(token: string): Subscriber | undefined {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const h = (v: string) => createHash('sha256').update(v).digest();
    if (!timingSafeEqual(h(this.sign(payload)), h(signature))) return undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string'))
        return { site: value[0] as string, email: value[1] as string };
    } catch {
      /* signed but unreadable: treated as invalid */
    }
    return undefined;
  }
}

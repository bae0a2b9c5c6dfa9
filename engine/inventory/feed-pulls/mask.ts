/**
 * Credentials never appear in what a feed pull says (docs/security.md): every text a pull
 * records, logs or mails passes through the masker of the secrets it used, whatever
 * library produced the text (an HTTP client's error may quote a header or an address).
 */

export const MASK = '***';

/** Replaces each secret (and its URL-encoded form) with MASK. */
export function masker(secrets: readonly string[]): (text: string) => string {
  const values = [...new Set(secrets.flatMap((s) => [s, encodeURIComponent(s)]))]
    .filter((s) => s.length > 0)
    // Longest first: a secret that contains another is masked whole.
    .sort((a, b) => b.length - a.length);
  return (text) => values.reduce((out, s) => out.split(s).join(MASK), text);
}

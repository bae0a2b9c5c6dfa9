/**
 * Signed draft keys (server only): the preview of a site not published yet searches sample
 * stock that no visitor may list (docs/editor-design.md, "A new site's stock"). A draft's
 * key (`draft.{slug}`, public-access.ts) is a name anyone can send; the key the editor's
 * preview and the /drafts/ pages get is that name with an HMAC of it, as a hosted search
 * service's secured key would be, and only such a key reaches a draft's sample stock. It is
 * handed out only in staff answers (the editor API, the draft preview). The secret is derived
 * from FORECOURT_EDITOR_TOKEN when it is set (every server sharing the token accepts the
 * others' keys), else drawn once per process (the editor then answers this machine only).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { draftSearchKey, withDraftSearchKey } from '../search/public-access.ts';

const SIGNED = /^draft\.([a-z0-9]+(?:-[a-z0-9]+)*)\.([A-Za-z0-9_-]{22})$/;

let secret: Buffer | undefined;
const key = () =>
  (secret ??= process.env.FORECOURT_EDITOR_TOKEN
    ? createHash('sha256')
        .update(`forecourt draft search key\0${process.env.FORECOURT_EDITOR_TOKEN}`)
        .digest()
    : randomBytes(32));

const mac = (slug: string) =>
  createHmac('sha256', key()).update(`draft:${slug}`).digest('base64url').slice(0, 22);

/** The key a draft's preview searches with: its draft key, signed. */
export function signedDraftKey(slug: string): string {
  return `${draftSearchKey(slug)}.${mac(slug)}`;
}

/** The site whose draft a signed key names; undefined for any other key (unsigned, forged, none). */
export function previewOfSearchKey(apiKey: string | undefined): string | undefined {
  const m = SIGNED.exec(apiKey ?? '');
  if (!m) return undefined;
  const expected = Buffer.from(mac(m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

/** A prepared draft as staff preview it: withDraftSearchKey, with the key signed. */
export function withPreviewKey<T extends { slug?: unknown; search?: unknown }>(site: T): T {
  const out = withDraftSearchKey(site);
  const search = (out.search ?? {}) as { apiKey?: string };
  if (typeof out.slug !== 'string' || search.apiKey !== draftSearchKey(out.slug)) return out;
  return { ...out, search: { ...search, apiKey: signedDraftKey(out.slug) } };
}

/**
 * An alert email's words (docs/api.md, "Saved searches and alerts"): the new cars each saved
 * search found, the watched cars whose price dropped, that sold or that are gone, each with a link to its
 * car page, and the one-click unsubscribe link; as HTML and text, every car's words escaped.
 */
import escape from 'lodash-es/escape.js';
import { regionSettings } from '../../region.ts';
import type { ResolvedSite } from '../../site/types.ts';
import type { EmailContent } from '../delivery/email.ts';
import type { AlertItem, NewAlertEmail } from '../store/saved-search-types.ts';

export const ALERT_SUBJECTS = {
  instant: (site: string) => `New cars for you at ${site}`,
  daily: (site: string) => `Your daily car alerts from ${site}`,
};

export const UNSUBSCRIBE_TEXT = 'Stop these emails';
/** A watched car that left the stock without being marked sold: sold or withdrawn, the dealer did not say. */
export const GONE_WORDS = 'No longer available';

function money(amount: number | null | undefined, site: ResolvedSite) {
  if (!amount) return undefined;
  const r = regionSettings(site.region);
  return new Intl.NumberFormat(r.locale, {
    style: 'currency',
    currency: r.currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

function line(it: AlertItem, site: ResolvedSite): string {
  const price = money(it.price, site);
  switch (it.kind) {
    case 'new':
      return `New: ${it.title}${price ? `, ${price}` : ''}${it.search ? ` (your search: ${it.search.label})` : ''}`;
    case 'price-drop':
      return `Price drop: ${it.title}, now ${price ?? ''}${it.oldPrice ? ` (was ${money(it.oldPrice, site)})` : ''}`;
    case 'sold':
      return `Sold: ${it.title}`;
    case 'gone':
      return `${GONE_WORDS}: ${it.title}`;
  }
}

export function alertEmail(
  e: NewAlertEmail,
  site: ResolvedSite,
  base: string | undefined,
  unsubscribeUrl: string,
): EmailContent {
  const link = (path: string) => (base ? `${base}${path}` : path);
  const lines = e.items.map((it) => ({ text: line(it, site), url: link(it.path) }));
  const subject = ALERT_SUBJECTS[e.frequency](site.name);
  const text = [
    subject,
    '',
    ...lines.map((l) => `${l.text}\n${l.url}`),
    '',
    `${UNSUBSCRIBE_TEXT}: ${unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html><html><body>
<h1>${escape(subject)}</h1>
<ul>${lines.map((l) => `<li><a href="${escape(l.url)}">${escape(l.text)}</a></li>`).join('')}</ul>
<p><a href="${escape(unsubscribeUrl)}">${escape(UNSUBSCRIBE_TEXT)}</a></p>
</body></html>`;
  return { subject, text, html };
}

/** The staff lead list as a plain HTML page (no scripts), for opening in a browser. */
import escape from 'lodash-es/escape.js';
import type { LeadDelivery, Reservation, StaffLeads, StoredLead } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../site/types.ts';

const stamp = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

/** A reservation at a glance: the hold and the deposit, in words staff read. */
export function reservationSummary(r: Reservation): string {
  const hold = r.released_at
    ? `hold ended ${stamp(r.released_at)}`
    : `car held until ${stamp(r.held_until)}`;
  const deposit = `${r.deposit.amount} ${r.deposit.currency} deposit: ${r.deposit.status.replaceAll('_', ' ')}`;
  return [
    `Reservation of stock no. ${r.stock_number ?? r.car_id}`,
    hold,
    deposit,
    r.deposit.reference ? `ref. ${r.deposit.reference}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

const kindOf = (lead: StoredLead) =>
  lead.kind === 'form'
    ? `form: ${lead.form_id}`
    : lead.reservation
      ? 'reservation'
      : lead.is_last_step
        ? 'lead'
        : 'lead (first step)';

const CHANNEL_WORDS: Record<LeadDelivery['channel'], string> = {
  email: 'Email',
  'adf-email': 'CRM (ADF by email)',
  'adf-post': 'CRM (ADF)',
  webhook: 'Webhook',
  confirmation: "Buyer's confirmation",
};

/** Where the lead went, when, and why not (docs/leads.md); failed and dead ones can be sent again. */
function deliveries(lead: StoredLead, site: string, token: string) {
  if (!lead.deliveries.length) return '<td><span class="none">—</span></td>';
  const items = lead.deliveries.map((d) => {
    const when =
      d.state === 'delivered'
        ? `delivered ${stamp(d.delivered_at!)}`
        : d.state === 'pending'
          ? `${d.attempts ? `tried ${d.attempts}×, next ` : 'sending '}${stamp(d.next_attempt_at!)}`
          : `${d.state === 'dead' ? 'gave up' : 'refused'} after ${d.attempts} ${d.attempts === 1 ? 'try' : 'tries'}`;
    const error =
      d.last_error && d.state !== 'delivered' ? `<br><small>${escape(d.last_error)}</small>` : '';
    const again =
      d.state === 'failed' || d.state === 'dead'
        ? `<form method="post" action="deliveries/${d.id}/resend.html?site=${encodeURIComponent(site)}&amp;token=${encodeURIComponent(token)}"><button>Send again</button></form>`
        : '';
    return `<li class="${d.state}">${escape(CHANNEL_WORDS[d.channel])} to ${escape(d.to)}: ${escape(when)}${error}${again}</li>`;
  });
  return `<td><ul>${items.join('')}</ul></td>`;
}

const cell = (v: unknown) =>
  `<td>${v === null || v === undefined || v === '' ? '<span class="none">—</span>' : escape(String(v))}</td>`;

function row(lead: StoredLead, site: string, token: string) {
  const contact = [lead.email, lead.phone]
    .filter(Boolean)
    .map((v) => escape(String(v)))
    .join('<br>');
  const extra = {
    payload: lead.payload,
    visited_pages: lead.visited_pages,
    linked_query_params: lead.linked_query_params,
    events: lead.events,
  };
  return `<tr>
${cell(lead.lead_id)}${cell(lead.created_at.replace('T', ' ').slice(0, 19) + ' UTC')}${cell(kindOf(lead))}
${cell([lead.category, lead.subcategory].filter(Boolean).join(' / '))}${cell(lead.name)}<td>${contact || '<span class="none">—</span>'}</td>
${cell(lead.message)}${cell(lead.car_id)}${cell(lead.reservation && reservationSummary(lead.reservation))}${cell(lead.event_id)}${cell(lead.status.replace('_', ' '))}${deliveries(lead, site, token)}
<td><details><summary>All fields</summary><pre>${escape(JSON.stringify(extra, null, 2))}</pre></details></td>
</tr>`;
}

export function staffLeadsHtml(
  site: ResolvedSite,
  page: StaffLeads,
  token: string,
  total: number,
): string {
  const older =
    page.next_before === null
      ? ''
      : `<p><a href="?site=${encodeURIComponent(site.slug)}&amp;before=${page.next_before}&amp;token=${encodeURIComponent(token)}">Older leads</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Leads · ${escape(site.name)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1f}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f6;position:sticky;top:0}td{max-width:28rem;overflow-wrap:anywhere}.none{color:#999}pre{white-space:pre-wrap;font-size:12px}ul{margin:0;padding-left:1rem}.failed,.dead{color:#a40000}.delivered{color:#17643a}
</style></head><body>
<h1>Leads · ${escape(site.name)}</h1>
<p>${total} stored, newest first.</p>
${
  page.leads.length
    ? `<table><thead><tr><th>#</th><th>Received</th><th>Kind</th><th>Category</th><th>Name</th><th>Contact</th><th>Message</th><th>Car</th><th>Reservation</th><th>Event id</th><th>Status</th><th>Delivery</th><th>Details</th></tr></thead><tbody>
${page.leads.map((lead) => row(lead, site.slug, token)).join('\n')}
</tbody></table>`
    : '<p>No leads yet.</p>'
}
${older}
</body></html>`;
}

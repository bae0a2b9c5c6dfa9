/**
 * The emails of a lead (docs/leads.md, "What the dealership receives"): the readable one to
 * the dealership (the buyer's details, the car with its photo, price and stock number;
 * replying answers the buyer) and the buyer's confirmation (the location's phone and
 * opening hours). Each as HTML and text. Every text the buyer or the dealer wrote is escaped
 * in the HTML.
 */
import escape from 'lodash-es/escape.js';
import type { Location } from '../../../schemas/types.gen.ts';
import { regionSettings } from '../../region.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { clockLabel, minutesOfDay } from '../booking-hours.ts';
import { LEAD_KIND_LABELS, type LeadFacts, type LeadVehicle } from './lead-facts.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const carName = (car: LeadVehicle) =>
  [car.year, car.make, car.model, car.trim].filter((v) => v !== undefined && v !== '').join(' ');

function money(amount: number, currency: string, site: ResolvedSite) {
  return new Intl.NumberFormat(regionSettings(site.region).locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Label and value rows, empty values left out. */
type Rows = [string, string | number | undefined][];
const filled = (rows: Rows) =>
  rows.filter((r): r is [string, string | number] => r[1] !== undefined && r[1] !== '');

const htmlRows = (rows: Rows) =>
  filled(rows)
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#555;font-weight:600">${escape(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escape(String(value))}</td></tr>`,
    )
    .join('');
const textRows = (rows: Rows) =>
  filled(rows)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body style="font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1b1b1f;max-width:640px;margin:0 auto;padding:16px">${body}</body></html>`;

function carRows(car: LeadVehicle, site: ResolvedSite): Rows {
  return [
    ['Car', carName(car)],
    ['Price', car.price && money(car.price.amount, car.price.currency, site)],
    ['Stock no.', car.stock],
    ['VIN', car.vin],
    ['Registration', car.registration],
    ['Condition', car.condition],
    ['Odometer', car.odometer && `${car.odometer.value.toLocaleString('en')} ${car.odometer.unit}`],
    ['Colour', car.colour],
    ['Link', car.url],
  ];
}

/** The email to the dealership: what the buyer asked, about which car, and how to reach them. */
export function dealerEmail(facts: LeadFacts, site: ResolvedSite): EmailContent {
  const kind = LEAD_KIND_LABELS[facts.kind];
  const who = facts.customer.name ?? facts.customer.email ?? facts.customer.phone ?? 'a buyer';
  const subject = `${kind} from ${who}${facts.car ? ` – ${carName(facts.car)}` : ''}${facts.car?.stock ? ` (stock no. ${facts.car.stock})` : ''}`;
  const buyer: Rows = [
    ['Name', facts.customer.name],
    ['Email', facts.customer.email],
    ['Phone', facts.customer.phone],
    ['Prefers', facts.customer.preferredContact],
    ['Postcode', facts.customer.postcode],
  ];
  const own = facts.ownVehicle ?? facts.tradeIn;
  const other: Rows = [
    ...(facts.details ?? []).map((d): [string, string] => [d.label, d.value]),
    ...(own
      ? carRows(own, site).map(([l, v]): [string, string | number | undefined] => [
          `Their car: ${l}`,
          v,
        ])
      : []),
    ['Location', facts.dealer.location ?? facts.dealer.name],
    ['Lead no.', facts.id],
    ['Received', facts.createdAt.replace('T', ' ').slice(0, 16) + ' UTC'],
  ];
  const photo = facts.car?.photo
    ? `<p><img src="${escape(facts.car.photo)}" alt="${escape(carName(facts.car!))}" width="320" style="max-width:100%;height:auto;border-radius:6px"></p>`
    : '';
  const html = page(
    subject,
    `<h1 style="font-size:20px">${escape(kind)} · ${escape(site.name)}</h1>
<p>Reply to this email to answer ${escape(who)}.</p>
<h2 style="font-size:16px">The buyer</h2><table>${htmlRows(buyer)}</table>
${facts.message ? `<h2 style="font-size:16px">Message</h2><p style="white-space:pre-wrap">${escape(facts.message)}</p>` : ''}
${facts.car ? `<h2 style="font-size:16px">The car</h2>${photo}<table>${htmlRows(carRows(facts.car, site))}</table>` : ''}
<h2 style="font-size:16px">Details</h2><table>${htmlRows(other)}</table>`,
  );
  const text = [
    `${kind} · ${site.name}`,
    `Reply to this email to answer ${who}.`,
    '',
    'THE BUYER',
    textRows(buyer),
    ...(facts.message ? ['', 'MESSAGE', facts.message] : []),
    ...(facts.car ? ['', 'THE CAR', textRows(carRows(facts.car, site))] : []),
    '',
    'DETAILS',
    textRows(other),
    '',
  ].join('\n');
  return { subject, text, html };
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6].map((d) =>
  // 2023-01-01 was a Sunday.
  new Date(Date.UTC(2023, 0, 1 + d)).toLocaleDateString('en-AU', {
    weekday: 'long',
    timeZone: 'UTC',
  }),
);

/** "Monday: 8:00 am – 5:30 pm" a day, Monday first, as the location keeps them. */
export function openingHours(location: Location | undefined, site: ResolvedSite): string[] {
  const hours = location?.contact_detail?.opening_hours ?? [];
  return [1, 2, 3, 4, 5, 6, 0].flatMap((day) => {
    const h = hours.find((x) => x.weekday === day);
    if (!h) return [];
    const [open, close] = [minutesOfDay(h.open), minutesOfDay(h.close)];
    const time =
      h.status === 'Closed'
        ? 'Closed'
        : open !== undefined && close !== undefined
          ? `${clockLabel(open, site.region)} – ${clockLabel(close, site.region)}`
          : 'Open';
    return [`${WEEKDAYS[day]}: ${time}`];
  });
}

/** The buyer's confirmation: received, who will answer, and how to reach them meanwhile. */
export function confirmationEmail(
  facts: LeadFacts,
  site: ResolvedSite,
  location: Location | undefined,
): EmailContent {
  const what = facts.kind === 'reservation' ? 'reservation' : 'enquiry';
  const dealer = facts.dealer.location ?? facts.dealer.name;
  const subject = `We've received your ${what} – ${dealer}`;
  const first = facts.customer.firstName ?? facts.customer.name?.split(' ')[0];
  const about = facts.car ? ` about the ${carName(facts.car)}` : '';
  const hours = openingHours(location, site);
  const phone = facts.dealer.phone;
  const lines = [
    `Hi${first ? ` ${first}` : ''},`,
    `Thank you for your ${what}${about}. ${dealer} has received it and will be in touch soon.`,
    ...(facts.message ? [`You wrote: ${facts.message}`] : []),
  ];
  const html = page(
    subject,
    `${lines.map((l) => `<p style="white-space:pre-wrap">${escape(l)}</p>`).join('')}
${phone ? `<p>To talk to us sooner, call <a href="tel:${escape(phone.replace(/[^+\d]/g, ''))}">${escape(phone)}</a>.</p>` : ''}
${hours.length ? `<h2 style="font-size:16px">Opening hours</h2><p>${hours.map(escape).join('<br>')}</p>` : ''}
<p>${escape(site.name)}</p>`,
  );
  const text = [
    ...lines,
    ...(phone ? [`To talk to us sooner, call ${phone}.`] : []),
    ...(hours.length ? ['', 'Opening hours', ...hours] : []),
    '',
    site.name,
    '',
  ].join('\n');
  return { subject, text, html };
}

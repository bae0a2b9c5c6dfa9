/**
 * The car rules (docs/cars.md) as pure functions: what a card or a
 * detail page shows for a car on a site. Nothing here renders or touches the browser, so
 * every rule is unit-tested on its own (rules.test.ts); the components only ask.
 *
 * A car here is any part of the Car record (a search hit carries only the fields asked
 * for), so every rule reads its fields defensively.
 */
import type { Car, FinanceLender, FinanceLenders } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';

export type CarLike = Partial<Car> & { id?: number | string; objectID?: string };
export type Features = ResolvedSite['features'];
type SiteLike = Pick<ResolvedSite, 'features'>;

export const DAY_MS = 86_400_000;
/** The 'new arrival' tag lasts this long (docs/cars.md, "Card rules"). */
export const NEW_ARRIVAL_DAYS = 8;
/** A price shows as a number only above this (docs/cars.md, "Card rules"). */
export const PRICE_DISPLAY_THRESHOLD = 10;
/** Finance needs a price over this (docs/cars.md, "Card rules"). */
export const FINANCE_MIN_PRICE = 500;
/** Finance (Taurus): cars newer than this many years (docs/cars.md, "Card rules"). */
export const FINANCE_AGE_LIMIT_YEARS = 12;
/** Below-market badge: at least this much under the market (threshold 499, so ≥ 500). */
export const BELOW_MARKET_THRESHOLD = 499;
/** The make the certified-used image and badge belong to. */
export const CERTIFIED_MAKE = 'Toyota';
/** No finance indication on this make. */
export const FINANCE_EXCLUDED_MAKE = 'Suzuki';
export const DEFAULT_RESERVE_DEPOSIT = 200;
export const RESERVE_HOLD_HOURS = 48;
/** Descriptions are cut here with show more / show less (docs/cars.md, "Car page"). */
export const DESCRIPTION_LIMIT = 400;
/** Spec and feature lists show this many before the toggle; the detail list limit (docs/cars.md, "Car page"). */
export const LIST_PREVIEW = 4;
export const DETAIL_LIST_LIMIT = 8;
export const FEET_TO_METRES = 0.3048;
/** Phone reveal: this many characters stay visible (docs/cars.md, "Visitor actions"). */
export const PHONE_VISIBLE_CHARS = 5;
export const EMPTY_COMMENTS_TEXT = 'Dealer comments are pending. Please check back here later.';
export const SIMILAR_HEADING = 'Like this and want something similar?';
export const TEST_DRIVE_ONLY_TAG = 'test drive only';

// ------------------------------------------------------------------ status

/** Sellable: not sold (a sold car shows a sold label instead of a tag). */
export function isSellable(car: CarLike): boolean {
  return car.status !== 'sold' && car.sold !== true;
}

/** Available: in stock or coming soon, and not sold (docs/cars.md, "Card rules"). */
export function isAvailable(car: CarLike): boolean {
  return isSellable(car) && (car.status === 'in_stock' || car.status === 'coming_soon');
}

export function isTestDriveOnly(car: CarLike): boolean {
  return (car.tag ?? '').trim().toLowerCase() === TEST_DRIVE_ONLY_TAG;
}

/** Visitors can enquire on an available car; sold or unlisted cars get Find Me Something Similar. */
export function isEnquirable(car: CarLike): boolean {
  return isAvailable(car) && car.show_on_dealer_website !== false;
}

/** Reservable online: in stock, not reserved, priced, with a payment processor (docs/cars.md, "Card rules"). */
export function isReservable(car: CarLike): boolean {
  return (
    isSellable(car) &&
    car.status === 'in_stock' &&
    car.reserved !== true &&
    (car.price ?? 0) > PRICE_DISPLAY_THRESHOLD &&
    (car.payment_processors?.length ?? 0) > 0
  );
}

/** The card's CSS modifier: the car's status (in-stock, coming-soon, sold) plus reserved. */
export function cardStatusClass(car: CarLike): string {
  if (!isSellable(car)) return 'fc-car-card--sold';
  const base = car.status === 'coming_soon' ? 'fc-car-card--coming-soon' : 'fc-car-card--in-stock';
  return car.reserved ? `${base} fc-car-card--reserved` : base;
}

// ------------------------------------------------------------------ tags

export type CarTag =
  | { kind: 'electric' | 'hybrid'; text: string }
  | { kind: 'reserved'; text: string }
  | { kind: 'certified'; text: string }
  | { kind: 'own'; text: string; colour: string }
  | { kind: 'coming-soon'; text: string }
  | { kind: 'new-arrival'; text: string }
  | { kind: 'sold' | 'just-sold'; text: string };

export const TAG_RED = '#c8102e';

function createdMs(car: CarLike): number | undefined {
  if (typeof car.created_at_timestamp === 'number' && car.created_at_timestamp > 0) return car.created_at_timestamp * 1000;
  const parsed = car.created_at ? Date.parse(car.created_at) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Sold within the site's cutoff (soldCutoffDays, default 3): JUST SOLD rather than SOLD. */
export function isJustSold(car: CarLike, features: Pick<Features, 'soldCutoffDays'>, now: number): boolean {
  if (isSellable(car)) return false;
  const soldAt = car.sold_date_timestamp;
  if (typeof soldAt !== 'number') return false;
  return now - soldAt * 1000 <= (features.soldCutoffDays ?? 3) * DAY_MS;
}

/**
 * The one tag a card shows (docs/cars.md, "Card rules"), first match wins, for a sellable car:
 * 1 electric / hybrid label (site switch), 2 RESERVED (or Reserved), 3 certified-used image
 * (Toyota, switch), 4 the car's own tag in red (or the site's colour for it, e.g. green for
 * runout sale), 5 COMING SOON, 6 New Arrival under 8 days old, 7 none.
 * A sold car shows SOLD, or JUST SOLD within the sold cutoff.
 */
export function carTag(car: CarLike, features: Features, now: number): CarTag | null {
  if (!isSellable(car)) return isJustSold(car, features, now) ? { kind: 'just-sold', text: 'JUST SOLD' } : { kind: 'sold', text: 'SOLD' };
  if (features.electricHybridLabel) {
    const fuel = (car.simple_fuel ?? '').toLowerCase();
    if (fuel === 'electric') return { kind: 'electric', text: 'Electric' };
    if (fuel.includes('hybrid')) return { kind: 'hybrid', text: car.simple_fuel === 'Plug-in Hybrid' ? 'Plug-in Hybrid' : 'Hybrid' };
  }
  if (car.reserved) return { kind: 'reserved', text: features.reservedWording || 'RESERVED' };
  if (features.certifiedUsedBadge && car.make === CERTIFIED_MAKE && car.certified) {
    return { kind: 'certified', text: `${CERTIFIED_MAKE} Certified Pre-Owned` };
  }
  const own = (car.tag ?? '').trim();
  if (own) return { kind: 'own', text: own, colour: features.tagColours?.[own.toLowerCase()] ?? TAG_RED };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: 'COMING SOON' };
  const created = createdMs(car);
  if (created !== undefined && now - created < NEW_ARRIVAL_DAYS * DAY_MS) return { kind: 'new-arrival', text: 'New Arrival' };
  return null;
}

// ------------------------------------------------------------------ price

export type PriceDisplay =
  | { state: 'subscription'; weekly: number; price?: number }
  | { state: 'reduced'; price: number; was: number }
  | { state: 'car-price'; price: number }
  | { state: 'preorder'; text: 'PREORDER' }
  | { state: 'no-price'; text: string };

/** The price as a number, only above 10 (docs/cars.md, "Card rules"). */
export function showsPrice(price: number | null | undefined): price is number {
  return typeof price === 'number' && price > PRICE_DISPLAY_THRESHOLD;
}

/**
 * The price state of a car (docs/cars.md, "Card rules"), in this order: subscription (a weekly
 * subscription price), reduced (was-price only when before_price > price), car price
 * (a number only above 10), PREORDER, else the site's no-price text (default
 * "Enquire for price").
 */
export function priceDisplay(car: CarLike, features: Pick<Features, 'noPriceText'>): PriceDisplay {
  const price = car.price ?? 0;
  if (typeof car.subscription_price === 'number' && car.subscription_price > 0) {
    return showsPrice(price) ? { state: 'subscription', weekly: car.subscription_price, price } : { state: 'subscription', weekly: car.subscription_price };
  }
  if (showsPrice(price) && typeof car.before_price === 'number' && car.before_price > price) {
    return { state: 'reduced', price, was: car.before_price };
  }
  if (showsPrice(price)) return { state: 'car-price', price };
  if (car.preorder) return { state: 'preorder', text: 'PREORDER' };
  return { state: 'no-price', text: features.noPriceText || 'Enquire for price' };
}

/** Words after a price (drive away, excl. government charges, plus on-road costs). */
export function priceTypeLabel(priceType: string | null | undefined): string {
  switch (priceType) {
    case 'drive_away':
      return 'Drive away';
    case 'excl_gov_charges':
      return 'Excl. gov. charges';
    case 'plus_orc':
      return '+ ORC';
    default:
      return '';
  }
}

// ------------------------------------------------------------------ finance

export type Provider = keyof FinanceLenders;
/** The order providers are tried in (the same order the indexer picks weekly_price with). */
export const PROVIDER_ORDER: Provider[] = ['Taurus', 'Angle', 'Powertorque', 'AusLoans', '360 Finance', 'Manual', 'Nissan Finance'];

export interface FinanceInfo {
  provider: Provider;
  /** Whole dollars a week. */
  weekly: number;
  interestRate: number;
  comparisonRate: number;
  lender: FinanceLender;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Whether one provider's rules pass for this car (docs/cars.md, "Card rules"). */
export function providerQualifies(provider: Provider, lender: FinanceLender, car: CarLike, now: number): boolean {
  const price = car.price ?? 0;
  const available = isAvailable(car);
  const currentYear = new Date(now).getUTCFullYear();
  switch (provider) {
    case 'Taurus':
      return (car.year ?? 0) > currentYear - FINANCE_AGE_LIMIT_YEARS && price > FINANCE_MIN_PRICE && available && num(lender.paymentWeek);
    case '360 Finance':
    case 'AusLoans':
      return available;
    case 'Manual':
    case 'Angle':
    case 'Powertorque':
      return price > FINANCE_MIN_PRICE && available && num(lender.paymentWeek);
    case 'Nissan Finance':
      return price > FINANCE_MIN_PRICE && available && num(lender.paymentMonth);
    default:
      return false;
  }
}

/** A lender's weekly figure, rounded to whole dollars: its weekly payment, or its monthly × 12 / 52. */
export function weeklyOf(lender: FinanceLender): number | undefined {
  if (num(lender.paymentWeek)) return Math.round(lender.paymentWeek);
  if (num(lender.paymentMonth)) return Math.round((lender.paymentMonth * 12) / 52);
  return undefined;
}

/**
 * The weekly finance indication a card shows, or null (docs/cars.md, "Card rules"): lender data present,
 * interestRate and comparisonRate not null, the make not Suzuki, the dealership not
 * excluded by the site, and the provider's own rule.
 */
export function financeInfo(car: CarLike, site: SiteLike, now: number): FinanceInfo | null {
  const lenders = car.finance_lenders;
  if (!lenders || !Object.keys(lenders).length) return null;
  if ((car.make ?? '').trim().toLowerCase() === FINANCE_EXCLUDED_MAKE.toLowerCase()) return null;
  if (car.dealership_slug && (site.features.financeExcludedDealerships ?? []).includes(car.dealership_slug)) return null;
  for (const provider of PROVIDER_ORDER) {
    const lender = lenders[provider];
    if (!lender || !num(lender.interestRate) || !num(lender.comparisonRate)) continue;
    if (!providerQualifies(provider, lender, car, now)) continue;
    const weekly = weeklyOf(lender);
    if (weekly === undefined || weekly <= 0) continue;
    return { provider, weekly, interestRate: lender.interestRate, comparisonRate: lender.comparisonRate, lender };
  }
  return null;
}

export const TOYOTA_FINANCE_DISCLAIMER =
  'Toyota Finance: indicative repayments only, based on the advertised price, term and rate shown, to approved applicants of Toyota Finance. Fees, charges and terms and conditions apply. Not a quote or an offer of finance.';

/**
 * The finance disclaimers of the detail page: one per provider with data and a disclaimer,
 * plus the Toyota Finance indicative-repayment disclaimer (docs/cars.md, "Choices where the spec is silent") on Toyotas that show a
 * weekly figure.
 */
export function financeDisclaimers(car: CarLike, shown?: FinanceInfo | null): { provider: string; text: string }[] {
  const lenders = car.finance_lenders ?? {};
  const out: { provider: string; text: string }[] = PROVIDER_ORDER.flatMap((provider) => {
    const text = lenders[provider]?.disclaimer;
    return text ? [{ provider, text }] : [];
  });
  if (shown && car.make === CERTIFIED_MAKE) out.push({ provider: 'Toyota Finance', text: TOYOTA_FINANCE_DISCLAIMER });
  return out;
}

// ------------------------------------------------------------------ badges

/** Market average: the state's when known, else the national one. */
export function marketAverage(car: CarLike): number | undefined {
  const data = car.autograb_data;
  if (!data) return undefined;
  if (num(data.state_average_market_price) && data.state_average_market_price > 0) return data.state_average_market_price;
  if (num(data.average_market_price) && data.average_market_price > 0) return data.average_market_price;
  return undefined;
}

/**
 * Below-market badge (docs/cars.md, "Card rules"): the price is at least $500 under the market average (state
 * average preferred, else national) and below the state average (when there is one).
 */
export function isBelowMarket(car: CarLike): boolean {
  const price = car.price ?? 0;
  if (!showsPrice(price)) return false;
  const market = marketAverage(car);
  if (market === undefined || market - price <= BELOW_MARKET_THRESHOLD) return false;
  const state = car.autograb_data?.state_average_market_price;
  return num(state) && state > 0 ? price < state : true;
}

/** Certified badge (docs/cars.md, "Card rules"): make Toyota, certified, the site's switch on, not sold. */
export function isCertifiedBadge(car: CarLike, features: Pick<Features, 'certifiedUsedBadge'>): boolean {
  return Boolean(features.certifiedUsedBadge && car.make === CERTIFIED_MAKE && car.certified && isSellable(car));
}

// ------------------------------------------------------------------ buttons

export type CardButton =
  | { kind: 'viewDetails'; label: string; href: string }
  | { kind: 'enquire'; label: string }
  | { kind: 'testDrive'; label: string }
  | { kind: 'finance'; label: string; href: string }
  | { kind: 'reserve'; label: string; href: string; amount: number }
  | { kind: 'findSimilar'; label: string; href: string };

export function carPath(car: CarLike): string {
  return `/cars/${car.slug ?? car.id}`;
}

export function reservePath(car: CarLike, features: Pick<Features, 'reserveRoute'>): string {
  return `${carPath(car)}/${features.reserveRoute === 'buy-online' ? 'buy-online' : 'checkout'}`;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Search for cars like this one: /search/{make}/{model}, or all stock. */
export function similarHref(car: CarLike | undefined): string {
  if (car?.make && car.model) return `/search/${slug(car.make)}/${slug(car.model)}`;
  if (car?.make) return `/search/${slug(car.make)}`;
  return '/search/new-used-and-demo-cars';
}

/**
 * The finance page for a car (features.financeLink) with preferredDealership,
 * vehiclePriceBudget, car_id, car_type and the #finance-form anchor.
 */
export function carFinanceHref(car: CarLike, features: Pick<Features, 'financeLink'>): string {
  const q = new URLSearchParams();
  if (car.dealership_slug) q.set('preferredDealership', car.dealership_slug);
  if (showsPrice(car.price)) q.set('vehiclePriceBudget', String(Math.round(car.price)));
  if (car.id !== undefined) q.set('car_id', String(car.id));
  if (car.car_type) q.set('car_type', car.car_type);
  const s = q.toString();
  return `${features.financeLink || '/finance'}${s ? `?${s}` : ''}#finance-form`;
}

export interface ButtonFormat {
  money(amount: number): string;
}

/**
 * The buttons of a card, in the site's order (features.cardButtons; docs/cars.md, "Card rules"):
 * View Details always; for enquirable cars Enquire Now (or Enquiry), Book a Test Drive
 * (the only test-drive path for a car tagged Test Drive Only, which gets it whatever the
 * site's list, and no enquiry button), Get Finance (or Get Pre-Approved Now), Reserve Now
 * with the deposit (reservable cars, reserve buttons on); for the rest Find Me Something
 * Similar (or its site wording).
 */
export function cardButtons(car: CarLike, features: Features, format: ButtonFormat): CardButton[] {
  const list = features.cardButtons ?? ['viewDetails', 'enquire', 'testDrive', 'finance', 'reserve'];
  const out: CardButton[] = [];
  const enquirable = isEnquirable(car);
  const testDriveOnly = isTestDriveOnly(car);
  for (const kind of list) {
    switch (kind) {
      case 'viewDetails':
        out.push({ kind, label: 'View Details', href: carPath(car) });
        break;
      case 'enquire':
        if (enquirable && !testDriveOnly) out.push({ kind, label: features.enquireButtonLabel || 'Enquire Now' });
        break;
      case 'testDrive':
        if (enquirable) out.push({ kind, label: 'Book a Test Drive' });
        break;
      case 'finance':
        if (enquirable) out.push({ kind, label: features.financeButtonText || 'Get Finance', href: carFinanceHref(car, features) });
        break;
      case 'reserve':
        if (features.reserveButtons && isReservable(car)) {
          const amount = features.reserveDeposit || DEFAULT_RESERVE_DEPOSIT;
          out.push({ kind, label: `Reserve Now ${format.money(amount)}`, href: reservePath(car, features), amount });
        }
        break;
    }
  }
  if (enquirable && testDriveOnly && !out.some((b) => b.kind === 'testDrive')) out.push({ kind: 'testDrive', label: 'Book a Test Drive' });
  if (!enquirable) out.push({ kind: 'findSimilar', label: features.findSimilarLabel || 'Find Me Something Similar', href: similarHref(car) });
  return out;
}

// ------------------------------------------------------------------ favourites

export function hasImages(car: CarLike): boolean {
  return (car.photos_count ?? 0) > 0 || (car.images?.length ?? 0) > 0 || (car.thumbnails?.length ?? 0) > 0 || Boolean(car.primary_image_url);
}

/**
 * The favourite heart (docs/cars.md, "Card rules"): only for sellable cars on sites that store favourites;
 * garage-style rules also hide it for a price of 0 or less and for cars without photos;
 * used-only sites hide it on new and demo cars.
 */
export function showFavourite(car: CarLike, features: Pick<Features, 'favourites' | 'favouritesGarageRules' | 'favouritesUsedOnly'>): boolean {
  if (!features.favourites || !isSellable(car)) return false;
  if (features.favouritesGarageRules && ((car.price ?? 0) <= 0 || !hasImages(car))) return false;
  if (features.favouritesUsedOnly && car.car_type !== 'used') return false;
  return true;
}

// ------------------------------------------------------------------ text

/** Phone reveal mask: the first 5 characters, the rest as stars (docs/cars.md, "Visitor actions"). */
export function maskPhone(phone: string | null | undefined): string {
  const p = phone ?? '';
  if (p.length <= PHONE_VISIBLE_CHARS) return p;
  return p.slice(0, PHONE_VISIBLE_CHARS) + '*'.repeat(p.length - PHONE_VISIBLE_CHARS);
}

/** Text cut at `limit` characters (at a word boundary when one is near), with an ellipsis; `cut` says whether it was. */
export function cutText(text: string | null | undefined, limit = DESCRIPTION_LIMIT): { text: string; cut: boolean } {
  const t = (text ?? '').trim();
  if (t.length <= limit) return { text: t, cut: false };
  let end = limit;
  const space = t.lastIndexOf(' ', limit);
  if (space > limit * 0.8) end = space;
  return { text: `${t.slice(0, end).trimEnd()}…`, cut: true };
}

/** Our Comments: dealercomments split on | into sections; none → the pending message. */
export function commentSections(comments: string | null | undefined): string[] {
  return (comments ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A spec value worth showing: not empty, null, undefined or the text "null". */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  const s = String(value).trim();
  return s !== '' && s.toLowerCase() !== 'null' && s.toLowerCase() !== 'undefined';
}

export interface SpecRow {
  label: string;
  value: string;
}

/** Rows with a value; empty, null and "null" values are left out. */
export function specRows(rows: { label: string; value: unknown }[]): SpecRow[] {
  return rows.filter((r) => hasValue(r.value)).map((r) => ({ label: r.label, value: String(r.value).trim() }));
}

/** The list a toggle shows: the first `preview` (4) rows collapsed, all open; the toggle only when there are more. */
export function listView<T>(items: T[], open: boolean, preview = LIST_PREVIEW): { shown: T[]; hasToggle: boolean } {
  return { shown: open ? items : items.slice(0, preview), hasToggle: items.length > preview };
}

/** Show More / Show Less, or Show All / Hide where the site says so. */
export function toggleWords(features: Pick<Features, 'specToggleWording'>): { more: string; less: string } {
  return features.specToggleWording === 'Show All' ? { more: 'Show All', less: 'Hide' } : { more: 'Show More', less: 'Show Less' };
}

/** Feet to metres (0.3048), to 2 decimals. */
export function feetToMetres(feet: number): number {
  return Math.round(feet * FEET_TO_METRES * 100) / 100;
}

/** A caravan's length in feet from a badge such as 19ft or 19'; undefined otherwise. */
export function feetFromBadge(badge: string | null | undefined): number | undefined {
  const m = /^\s*(\d{1,2}(?:\.\d+)?)\s*(?:ft|')/i.exec(badge ?? '');
  return m ? Number(m[1]) : undefined;
}

/** "Expires on {date}" only for a rego expiry in the future. */
export function regoExpiryFuture(expiry: string | null | undefined, now: number): boolean {
  if (!expiry) return false;
  const t = Date.parse(expiry.length === 10 ? `${expiry}T23:59:59Z` : expiry);
  return Number.isFinite(t) && t > now;
}

// ------------------------------------------------------------------ detail page sidebar

/** Price above which a car qualifies for the trade-in valuation tool (docs/cars.md, "Choices where the spec is silent"). */
export const VALUATION_MIN_PRICE = 200;

/** The valuation-tool feature: in stock, not sold, not reserved, priced above 200, and the site has the tool. */
export function qualifiesForValuation(car: CarLike, features: Pick<Features, 'valuationTool'>): boolean {
  return Boolean(features.valuationTool && car.status === 'in_stock' && isSellable(car) && !car.reserved && (car.price ?? 0) > VALUATION_MIN_PRICE);
}

export function tradeInHref(car: CarLike): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(String(car.id ?? car.objectID ?? ''))}`;
}

export type SidebarKind = 'enquire' | 'finance' | 'tradeIn' | 'testDrive' | 'reserve' | 'carHistoryReport';

/** A sidebar button: enquire and testDrive open the modal; the others are links (href). */
export interface SidebarButton {
  kind: SidebarKind;
  label: string;
  href?: string;
}

/**
 * The detail page's sidebar buttons, in the block's order (docs/cars.md, "Car page"): enquire, finance,
 * trade-in and test drive for enquirable cars (a Test Drive Only car gets the test drive
 * and no enquiry), reserve for reservable cars where reserve buttons are on, and the car
 * history report only when the car has one.
 */
export function sidebarButtons(car: CarLike, features: Features, list: readonly SidebarKind[], format: ButtonFormat): SidebarButton[] {
  const out: SidebarButton[] = [];
  const enquirable = isEnquirable(car);
  const testDriveOnly = isTestDriveOnly(car);
  for (const kind of list) {
    switch (kind) {
      case 'enquire':
        if (enquirable && !testDriveOnly) out.push({ kind, label: features.enquireButtonLabel || 'Enquire Now' });
        break;
      case 'finance':
        if (enquirable) out.push({ kind, label: features.financeButtonText || 'Get Finance', href: carFinanceHref(car, features) });
        break;
      case 'tradeIn':
        if (enquirable) out.push({ kind, label: qualifiesForValuation(car, features) ? 'Get an Instant Trade-in Estimate' : 'Trade-in Your Car', href: tradeInHref(car) });
        break;
      case 'testDrive':
        if (enquirable) out.push({ kind, label: 'Book a Test Drive' });
        break;
      case 'reserve':
        if (features.reserveButtons && isReservable(car)) out.push({ kind, label: `Reserve Now ${format.money(features.reserveDeposit || DEFAULT_RESERVE_DEPOSIT)}`, href: reservePath(car, features) });
        break;
      case 'carHistoryReport':
        if (car.file) out.push({ kind, label: 'Car History Report', href: car.file });
        break;
    }
  }
  if (enquirable && testDriveOnly && !out.some((b) => b.kind === 'testDrive')) out.push({ kind: 'testDrive', label: 'Book a Test Drive' });
  return out;
}

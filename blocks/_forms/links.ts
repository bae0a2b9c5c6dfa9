/**
 * Where "Get Finance" goes: the site's finance page (features.financeLink: /finance,
 * /finance-enquiry or /apply-for-finance) with the query the finance forms read
 * (preferredDealership, vehiclePriceBudget, car_id, car_type) and the #finance-form anchor.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';

export const FINANCE_ANCHOR = 'finance-form';

export interface FinanceQuery {
  preferredDealership?: string | null;
  vehiclePriceBudget?: number | null;
  car_id?: string | number | null;
  car_type?: string | null;
}

export function financeHref(
  site: Pick<ResolvedSite, 'features'>,
  query: FinanceQuery = {},
): string {
  const q = new URLSearchParams();
  if (query.preferredDealership) q.set('preferredDealership', query.preferredDealership);
  if (
    query.vehiclePriceBudget != null &&
    Number.isFinite(query.vehiclePriceBudget) &&
    query.vehiclePriceBudget > 0
  ) {
    q.set('vehiclePriceBudget', String(Math.round(query.vehiclePriceBudget)));
  }
  if (query.car_id != null && query.car_id !== '') q.set('car_id', String(query.car_id));
  if (query.car_type) q.set('car_type', query.car_type);
  const s = q.toString();
  return `${site.features.financeLink || '/finance'}${s ? `?${s}` : ''}#${FINANCE_ANCHOR}`;
}

/** What a finance page's address asks the form to start with. */
export function financeQuery(search: string, dealerships: { slug: string }[]): FinanceQuery {
  const q = new URLSearchParams(search);
  const dealer = q.get('preferredDealership');
  const budget = Number(String(q.get('vehiclePriceBudget') ?? '').replace(/[$,\s]/g, ''));
  const carType = q.get('car_type');
  const carId = q.get('car_id');
  return {
    preferredDealership: dealer && dealerships.some((d) => d.slug === dealer) ? dealer : undefined,
    vehiclePriceBudget: Number.isFinite(budget) && budget > 0 ? Math.round(budget) : undefined,
    car_id: carId && /^[A-Za-z0-9_-]{1,64}$/.test(carId) ? carId : undefined,
    car_type: carType === 'new' || carType === 'used' || carType === 'demo' ? carType : undefined,
  };
}

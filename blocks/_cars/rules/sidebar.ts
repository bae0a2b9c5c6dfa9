/** The detail page's sidebar buttons (docs/cars.md, "Car page"). */
import type { CarLike, Features } from './car.ts';
import type { ButtonFormat } from './buttons.ts';
import { DEFAULT_RESERVE_DEPOSIT } from './constants.ts';
import { carFinanceHref, reservePath, tradeInHref } from './links.ts';
import { isEnquirable, isReservable, isSellable, isTestDriveOnly } from './status.ts';

/** Price above which a car qualifies for the trade-in valuation tool (docs/cars.md, "Choices we made"). */
export const VALUATION_MIN_PRICE = 200;

/** The valuation-tool feature: in stock, not sold, not reserved, priced above 200, and the site has the tool. */
export function qualifiesForValuation(
  car: CarLike,
  features: Pick<Features, 'valuationTool'>,
): boolean {
  return Boolean(
    features.valuationTool &&
    car.status === 'in_stock' &&
    isSellable(car) &&
    !car.reserved &&
    (car.price ?? 0) > VALUATION_MIN_PRICE,
  );
}

export type SidebarKind =
  'enquire' | 'finance' | 'tradeIn' | 'testDrive' | 'reserve' | 'carHistoryReport';

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
export function sidebarButtons(
  car: CarLike,
  features: Features,
  list: readonly SidebarKind[],
  format: ButtonFormat,
): SidebarButton[] {
  const out: SidebarButton[] = [];
  const enquirable = isEnquirable(car);
  const testDriveOnly = isTestDriveOnly(car);
  for (const kind of list) {
    switch (kind) {
      case 'enquire':
        if (enquirable && !testDriveOnly)
          out.push({ kind, label: features.enquireButtonLabel || 'Enquire Now' });
        break;
      case 'finance':
        if (enquirable)
          out.push({
            kind,
            label: features.financeButtonText || 'Get Finance',
            href: carFinanceHref(car, features),
          });
        break;
      case 'tradeIn':
        if (enquirable)
          out.push({
            kind,
            label: qualifiesForValuation(car, features)
              ? 'Get an Instant Trade-in Estimate'
              : 'Trade-in Your Car',
            href: tradeInHref(car),
          });
        break;
      case 'testDrive':
        if (enquirable) out.push({ kind, label: 'Book a Test Drive' });
        break;
      case 'reserve':
        if (features.reserveButtons && isReservable(car))
          out.push({
            kind,
            label: `Reserve Now ${format.money(features.reserveDeposit || DEFAULT_RESERVE_DEPOSIT)}`,
            href: reservePath(car, features),
          });
        break;
      case 'carHistoryReport':
        if (car.file) out.push({ kind, label: 'Car History Report', href: car.file });
        break;
    }
  }
  if (enquirable && testDriveOnly && !out.some((b) => b.kind === 'testDrive'))
    out.push({ kind: 'testDrive', label: 'Book a Test Drive' });
  return out;
}

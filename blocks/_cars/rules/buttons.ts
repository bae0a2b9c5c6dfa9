/** The buttons of a car card (docs/cars.md, "Card rules"). */
import type { CarLike, Features } from './car.ts';
import { DEFAULT_RESERVE_DEPOSIT } from './constants.ts';
import { carFinanceHref, carPath, reservePath, similarHref } from './links.ts';
import { isEnquirable, isReservable, isTestDriveOnly } from './status.ts';

export type CardButton =
  | { kind: 'viewDetails'; label: string; href: string }
  | { kind: 'enquire'; label: string }
  | { kind: 'testDrive'; label: string }
  | { kind: 'finance'; label: string; href: string }
  | { kind: 'reserve'; label: string; href: string; amount: number }
  | { kind: 'findSimilar'; label: string; href: string };

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
  const list = features.cardButtons;
  const out: CardButton[] = [];
  const enquirable = isEnquirable(car);
  const testDriveOnly = isTestDriveOnly(car);
  for (const kind of list) {
    switch (kind) {
      case 'viewDetails':
        out.push({ kind, label: 'View Details', href: carPath(car) });
        break;
      case 'enquire':
        if (enquirable && !testDriveOnly)
          out.push({ kind, label: features.enquireButtonLabel || 'Enquire Now' });
        break;
      case 'testDrive':
        if (enquirable) out.push({ kind, label: 'Book a Test Drive' });
        break;
      case 'finance':
        if (enquirable)
          out.push({
            kind,
            label: features.financeButtonText || 'Get Finance',
            href: carFinanceHref(car, features),
          });
        break;
      case 'reserve':
        if (features.reserveButtons && isReservable(car)) {
          const amount = features.reserveDeposit || DEFAULT_RESERVE_DEPOSIT;
          out.push({
            kind,
            label: `Reserve Now ${format.money(amount)}`,
            href: reservePath(car, features),
            amount,
          });
        }
        break;
    }
  }
  if (enquirable && testDriveOnly && !out.some((b) => b.kind === 'testDrive'))
    out.push({ kind: 'testDrive', label: 'Book a Test Drive' });
  if (!enquirable)
    out.push({
      kind: 'findSimilar',
      label: features.findSimilarLabel || 'Find Me Something Similar',
      href: similarHref(car),
    });
  return out;
}

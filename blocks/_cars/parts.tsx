/** Pieces the car card, the car page and the reserve page share: tag banner, price, and the enquiry / test-drive modal. */
import { lazy, Suspense, useState } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import type { CarSummary } from '../_forms/car.ts';
import { priceTypeKey, type CarLike, type CarTag, type PriceDisplay } from './rules.ts';

// Its own chunk, loaded when a buyer first opens it; the enquiry-form block shares its form code.
const EnquiryModal = lazy(() =>
  import('../_forms/EnquiryModal.tsx').then((m) => ({ default: m.EnquiryModal })),
);

/** Enquire / test drive buttons opening the enquiry form in a modal (loaded when first opened). */
export function useEnquiryModal(car: CarLike) {
  const [state, setState] = useState<{ mode: 'enquiry' | 'test-drive'; open: boolean } | null>(
    null,
  );
  // Mounted from the first opening on (then only shown and hidden), so the dialog hands focus back to its button.
  const modal =
    state === null ? null : (
      <Suspense fallback={null}>
        <EnquiryModal
          car={car as unknown as CarSummary}
          mode={state.mode}
          open={state.open}
          onClose={() => setState((s) => (s ? { ...s, open: false } : s))}
        />
      </Suspense>
    );
  return { open: (mode: 'enquiry' | 'test-drive') => setState({ mode, open: true }), modal };
}

export function TagBanner({ tag }: { tag: CarTag }) {
  if (tag.kind === 'certified') {
    return (
      <span className="fc-car-tag fc-car-tag--certified" data-tag={tag.kind}>
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
          <path
            d="M12 2l2.6 2.2 3.4-.3.9 3.3 3 1.6-1.2 3.2 1.2 3.2-3 1.6-.9 3.3-3.4-.3L12 22l-2.6-2.2-3.4.3-.9-3.3-3-1.6L3.3 12 2.1 8.8l3-1.6.9-3.3 3.4.3z"
            fill="currentColor"
          />
          <path d="M8 12.5l2.6 2.5L16 9.5" fill="none" stroke="#fff" strokeWidth="2" />
        </svg>
        {tag.text}
      </span>
    );
  }
  const style = tag.kind === 'own' ? { backgroundColor: tag.colour } : undefined;
  return (
    <span className={`fc-car-tag fc-car-tag--${tag.kind}`} style={style} data-tag={tag.kind}>
      {tag.text}
    </span>
  );
}

export function PriceView({
  display,
  priceType,
}: {
  display: PriceDisplay;
  priceType?: string | null;
}) {
  const { money, t, m } = useSite();
  const key = priceTypeKey(priceType);
  const suffix = key ? m(key) : '';
  switch (display.state) {
    case 'subscription':
      return (
        <p className="fc-car-price fc-car-price--subscription" data-price-state="subscription">
          <strong>{money(display.weekly)}</strong>/wk <span>{t('subscription')}</span>
          {display.price !== undefined && (
            <small className="fc-car-price__alt">
              {' '}
              or {money(display.price)} {suffix && t(suffix)}
            </small>
          )}
        </p>
      );
    case 'reduced':
      return (
        <p className="fc-car-price fc-car-price--reduced" data-price-state="reduced">
          <s className="fc-car-price__was">
            <span className="fc-visually-hidden">Was </span>
            {money(display.was)}
          </s>{' '}
          <strong>
            <span className="fc-visually-hidden">Now </span>
            {money(display.price)}
          </strong>
          {suffix && <small> {t(suffix)}</small>}
        </p>
      );
    case 'car-price':
      return (
        <p className="fc-car-price" data-price-state="car-price">
          <strong>{money(display.price)}</strong>
          {suffix && <small> {t(suffix)}</small>}
        </p>
      );
    default:
      return (
        <p
          className={`fc-car-price fc-car-price--${display.state}`}
          data-price-state={display.state}
        >
          <strong>{t(display.text)}</strong>
        </p>
      );
  }
}

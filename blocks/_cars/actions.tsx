/**
 * Visitor actions on a car: favourite heart, compare toggle, watchlist save/remove, phone
 * reveal and the weekly finance tooltip. Each is a real button with a name and its state
 * (aria-pressed / aria-expanded), usable by keyboard.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { toast } from '../_shared/toast.tsx';
import { useCompare, useFavourites, COMPARE_MAX } from './local-lists.ts';
import { maskPhone, type CarLike, type FinanceInfo } from './rules.ts';
import { recordPhoneReveal } from './phone-reveal.ts';
import { useWatchlist } from './useWatchlist.ts';

const carName = (car: CarLike) =>
  car.name || [car.year, car.make, car.model].filter(Boolean).join(' ') || 'this car';

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.7 3.7 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.3 0 5.5 3.2 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FavouriteButton({ car, className = '' }: { car: CarLike; className?: string }) {
  const { t } = useSite();
  const favourites = useFavourites();
  const id = car.id ?? car.objectID;
  if (id === undefined) return null;
  const on = favourites.has(id);
  return (
    <button
      type="button"
      className={`fc-car-favourite ${on ? 'fc-car-favourite--on' : ''} ${className}`}
      aria-pressed={on}
      aria-label={t(`${on ? 'Remove' : 'Add'} ${carName(car)} ${on ? 'from' : 'to'} favourites`)}
      data-action="favourite"
      onClick={() => favourites.toggle(id)}
    >
      <HeartIcon filled={on} />
    </button>
  );
}

export function CompareToggle({ car }: { car: CarLike }) {
  const compare = useCompare();
  const id = car.id ?? car.objectID;
  if (id === undefined) return null;
  const on = compare.has(id);
  return (
    <button
      type="button"
      className={`fc-car-compare ${on ? 'fc-car-compare--on' : ''}`}
      aria-pressed={on}
      data-action="compare"
      onClick={() => {
        const r = compare.toggle(id);
        if (r === 'full')
          toast({
            title: 'Compare is full',
            text: `You can compare up to ${COMPARE_MAX} cars. Remove one to add ${carName(car)}.`,
          });
      }}
    >
      <span aria-hidden="true" className="fc-car-compare__box">
        {on ? '✓' : ''}
      </span>
      Compare<span className="fc-visually-hidden"> {carName(car)}</span>
    </button>
  );
}

export function WatchlistButton({ car }: { car: CarLike }) {
  const watchlist = useWatchlist();
  const id = car.id ?? car.objectID;
  if (!watchlist.enabled || id === undefined) return null;
  const saved = watchlist.has(id);
  const busy = watchlist.isSaving(id) || watchlist.isRemoving(id);
  return (
    <button
      type="button"
      className={`fc-button fc-button--secondary fc-car-watchlist ${saved ? 'fc-car-watchlist--saved' : ''}`}
      aria-pressed={saved}
      aria-busy={busy || undefined}
      disabled={busy}
      data-action="watchlist"
      onClick={() => void watchlist.toggle({ id, name: car.name })}
    >
      {busy
        ? saved
          ? 'Saving…'
          : 'Removing…'
        : saved
          ? 'Saved to watchlist'
          : 'Save to watchlist'}
      <span className="fc-visually-hidden"> {carName(car)}</span>
    </button>
  );
}

/**
 * The dealer's number, masked (first 5 characters) until the visitor asks for it; the
 * click records the reveal (car_id, dealership_id, website_id) and sends an analytics
 * event. A failed record is only logged.
 */
export function PhoneReveal({ car, phone }: { car: CarLike; phone: string | null | undefined }) {
  const { site } = useSite();
  const [revealed, setRevealed] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (revealed) linkRef.current?.focus();
  }, [revealed]);
  if (!phone) {
    return null;
  }
  const reveal = () => {
    setRevealed(true);
    recordPhoneReveal(site, car);
  };
  return (
    <p className="fc-phone-reveal" data-revealed={revealed ? 'true' : 'false'}>
      {revealed ? (
        <a
          ref={linkRef}
          className="fc-phone-reveal__number"
          href={`tel:${phone.replace(/[^+\d]/g, '')}`}
        >
          {phone}
        </a>
      ) : (
        <>
          <span className="fc-phone-reveal__number" aria-hidden="true">
            {maskPhone(phone)}
          </span>
          <button
            type="button"
            className="fc-button fc-button--secondary fc-phone-reveal__button"
            onClick={reveal}
          >
            Show phone number
          </button>
        </>
      )}
    </p>
  );
}

/** The rate's note in the region's words (message finance.weeklyNote; docs/regions.md). */
export function weeklyNote(template: string, info: FinanceInfo, siteName: string): string {
  // 'Manual' is the dealer's own rates (the site's finance settings), not a lender's name.
  const lender = info.provider === 'Manual' ? siteName : info.provider;
  return template
    .replace('{rate}', String(info.interestRate))
    .replace('{comparison}', String(info.comparisonRate))
    .replace('{lender}', lender);
}

/** "$123/wk" with an (i) button opening the rate and a link to the terms. */
export function WeeklyFinance({ info }: { info: FinanceInfo }) {
  const { money, m, site } = useSite();
  const [open, setOpen] = useState(false);
  const id = useId();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <div className="fc-car-finance" onKeyDown={onKey}>
      <span className="fc-car-finance__amount">
        <strong>{money(info.weekly)}</strong>/wk
        <span className="fc-visually-hidden"> indicative finance</span>
      </span>
      <button
        type="button"
        className="fc-car-finance__info"
        aria-expanded={open}
        aria-controls={`${id}-tip`}
        aria-label="About this weekly price"
        onClick={() => setOpen((v) => !v)}
      >
        i
      </button>
      <div id={`${id}-tip`} className="fc-car-finance__tip" role="note" hidden={!open}>
        {weeklyNote(m('finance.weeklyNote'), info, site.name)}{' '}
        <SiteLink href="/terms-and-conditions">Terms and conditions apply</SiteLink>.
      </div>
    </div>
  );
}

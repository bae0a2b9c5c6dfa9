/**
 * Opening hours of one location: the weekly summary (Monday–Friday grouped when equal),
 * "Open now" / "Closed now" in the location's time zone, and a Holiday hours button that
 * opens a dialog listing the special-hours entries from today on (today where the location is,
 * read when the page renders, like offer dates: a past Easter never shows).
 *
 * Hydration: the server cannot know the visitor's clock, so "open now" is computed only
 * after mount (and refreshed every minute); its line keeps its height before that so
 * nothing moves.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Location } from '../../engine/site/types.ts';
// The holiday hours' dialog loads when first opened: a page with locations ships no modal
// code until a visitor asks for it (docs/render.md, "Choices we made").
const Dialog = lazy(() => import('./Dialog.tsx').then((m) => ({ default: m.Dialog })));
import { dealerTimeZone } from './dealer-zone.ts';
import {
  locationOpenState,
  specialHoursRows,
  summariseHours,
  zonedTime,
  type OpenState,
} from './opening-hours.ts';
import './opening-hours.css';

/** The current time, set after mount and every `intervalMs`; undefined during the server render and hydration. */
export function useNow(intervalMs = 60_000): Date | undefined {
  const [now, setNow] = useState<Date | undefined>(undefined);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Open state of a location at the visitor's current time (after mount only). */
export function useOpenState(location: Location): OpenState | undefined {
  const { region } = useSite();
  const now = useNow();
  return now ? locationOpenState(location, now, region.locale) : undefined;
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 7v5l3 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function OpenNow({ location }: { location: Location }) {
  const state = useOpenState(location);
  return (
    <p className="fc-hours__now" data-state={state ? (state.open ? 'open' : 'closed') : 'unknown'}>
      {state && (
        <>
          <span className="fc-hours__now-status">{state.open ? 'Open now' : 'Closed now'}</span>
          {state.holiday && <span className="fc-hours__now-detail">{state.holiday}</span>}
          {state.detail && <span className="fc-hours__now-detail">{state.detail}</span>}
        </>
      )}
    </p>
  );
}

export interface OpeningHoursProps {
  location: Location;
  /** Heading level of "Opening hours" (default 3). */
  headingLevel?: 2 | 3 | 4;
  heading?: string;
  showOpenNow?: boolean;
}

export function OpeningHours({
  location,
  headingLevel = 3,
  heading = 'Opening hours',
  showOpenNow = true,
}: OpeningHoursProps) {
  const { region, site } = useSite();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so it returns focus and opens again at once.
  const [dialogWanted, setDialogWanted] = useState(false);
  const rows = summariseHours(location.contact_detail?.opening_hours, region.locale);
  const today = zonedTime(new Date(), location.time_zone ?? dealerTimeZone(site)).date;
  const special = specialHoursRows(location.contact_detail?.special_hours, region.locale, today);
  if (!rows.length && !special.length) return null;
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="fc-hours">
      <Heading className="fc-hours__heading">
        <ClockIcon /> {heading}
      </Heading>
      {showOpenNow && <OpenNow location={location} />}
      {rows.length > 0 && (
        <dl className="fc-hours__list">
          {rows.map((row) => (
            <div className="fc-hours__row" key={row.label} data-open={row.open}>
              <dt>{row.label}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
      )}
      {special.length > 0 && (
        <>
          <button
            type="button"
            className="fc-button fc-button--secondary fc-hours__holiday"
            aria-haspopup="dialog"
            onClick={() => {
              setDialogWanted(true);
              setDialogOpen(true);
            }}
          >
            Holiday hours
          </button>
          {dialogWanted && (
            <Suspense fallback={null}>
              <Dialog
                open={dialogOpen}
                onClose={() => setDialogOpen(false)}
                title={`Holiday hours: ${location.name}`}
              >
                <dl className="fc-hours__list fc-hours__list--holiday">
                  {special.map((row) => (
                    <div className="fc-hours__row" key={row.date} data-open={row.open}>
                      <dt>
                        <time dateTime={row.date}>{row.dateLabel}</time>
                        {row.label && <span className="fc-hours__holiday-name">{row.label}</span>}
                      </dt>
                      <dd>{row.hours}</dd>
                    </div>
                  ))}
                </dl>
                <p className="fc-hours__note">Outside these dates our usual opening hours apply.</p>
              </Dialog>
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Emergency banner: a sticky notice at the top of the page linking to service booking
 * ("BOOK A SERVICE"), with an optional message and optional details that open with
 * "Click to View". Visitors can close it; it stays closed for the browser session
 * (sessionStorage, read after hydration so the server render never depends on it).
 *
 * While shown, it publishes its height to what sticks below it (a sticky header) so that sits
 * below it instead of under it (sticky-offset.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { EmergencyBannerProps } from '../../schemas/resolved.gen.ts';
import { SiteHtml } from '../_shared/SiteHtml.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { serviceHref } from '../_shared/site-links.ts';
import { publishStickyOffset } from './sticky-offset.ts';
import './emergency-banner.css';

export const STORAGE_PREFIX = 'fc:emergency-banner-closed:';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function readClosed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false; // storage blocked (privacy mode): the banner simply shows again
  }
}

function rememberClosed(key: string) {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    /* not remembered; closed for this page view only */
  }
}

/** The first focusable element after `el` in the document, so focus does not fall to <body> when it goes. */
function nextFocusable(el: HTMLElement): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (candidate) =>
      !el.contains(candidate) &&
      Boolean(el.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
}

export default defineBlock<EmergencyBannerProps>({
  component: function EmergencyBanner({ props, block }) {
    const { site, t } = useSite();
    const [closed, setClosed] = useState(false);
    const [open, setOpen] = useState(false);
    const ref = useRef<HTMLElement>(null);
    const detailsId = `${block.id}-details`;
    const storageKey = `${STORAGE_PREFIX}${site.slug}:${block.id}`;

    useEffect(() => {
      if (readClosed(storageKey)) setClosed(true);
    }, [storageKey]);

    useEffect(() => {
      const el = ref.current;
      if (!el || closed) return;
      const publish = () => publishStickyOffset(el.offsetHeight);
      publish();
      const observer =
        typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : undefined;
      observer?.observe(el);
      return () => {
        observer?.disconnect();
        publishStickyOffset(undefined);
      };
    }, [closed]);

    if (closed) return null;

    const close = () => {
      const el = ref.current;
      if (el && el.contains(document.activeElement)) nextFocusable(el)?.focus();
      rememberClosed(storageKey);
      setClosed(true);
    };

    return (
      <section
        ref={ref}
        className={`fc-emergency-banner fc-emergency-banner--${props.tone}`}
        aria-label={t('Notice')}
        data-block-id={block.id}
      >
        <div className="fc-container fc-emergency-banner__bar">
          <div className="fc-emergency-banner__content">
            {props.message && <p className="fc-emergency-banner__message">{t(props.message)}</p>}
            <SiteLink
              href={serviceHref(props.href, site.features)}
              className="fc-emergency-banner__link"
            >
              {t(props.label)}
            </SiteLink>
            {props.details && (
              <button
                type="button"
                className="fc-emergency-banner__toggle"
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setOpen((o) => !o)}
              >
                Click to View
                <svg
                  aria-hidden="true"
                  focusable="false"
                  viewBox="0 0 24 24"
                  width="16"
                  height="16"
                >
                  <path
                    d="M6 9l6 6 6-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            )}
          </div>
          <button
            type="button"
            className="fc-emergency-banner__close"
            aria-label="Close notice"
            onClick={close}
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
              <path
                d="M6 6l12 12M18 6L6 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        {props.details && (
          <div id={detailsId} className="fc-emergency-banner__details" hidden={!open}>
            {/* Sanitised on the server when the document was prepared (x-sanitize: html). */}
            <SiteHtml className="fc-container fc-emergency-banner__html" html={props.details} />
          </div>
        )}
      </section>
    );
  },
});

/**
 * Rendered once per page by SiteApp. In the browser, after each navigation it
 *  - records the page view for lead attribution (visited pages, campaign parameters), and
 *  - sends a visitor who is not signed in away from a gated page (page.gate) to
 *    /sign-in?type={gate}&redirect={this page}&back={the page before}.
 * Renders nothing, on the server or in the browser, so hydration is unaffected.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Page } from '../site/types.ts';
import { useSite } from './site-context.tsx';
import { gateApplies, isSignedIn, previousPage, recordVisit, signInHref } from './visitor.ts';

export function PageGate({ page }: { page: Pick<Page, 'gate'> }) {
  const { site } = useSite();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const gate = page.gate;

  useEffect(() => {
    const back = previousPage(site.slug, pathname);
    recordVisit(site.slug, pathname, search);
    if (gateApplies(gate, site.features, pathname) && !isSignedIn(site.slug)) {
      navigate(signInHref(gate, pathname + search + hash, back), { replace: true });
    }
  }, [site.slug, site.features, gate, pathname, search, hash, navigate]);

  return null;
}

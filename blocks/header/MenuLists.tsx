/** The plain dropdown panels: the site's locations, and a menu item's own child links. */
import type { MenuItem } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { isCurrent, type MenuLocation } from '../_shared/site-links.ts';

type Fix = (href: string | undefined) => string | undefined;

/** Each location with its phone number (linked as menuLocations says). */
export function LocationsList({
  locations,
  t,
}: {
  locations: MenuLocation[];
  t: (text: string) => string;
}) {
  return (
    <ul className="fc-menu__list fc-menu__list--locations">
      {locations.map((l) => (
        <li key={l.id}>
          <SiteLink href={l.href} className="fc-menu__link fc-menu__location">
            <span className="fc-menu__location-name">{t(l.label)}</span>
            {l.phone && <span className="fc-menu__location-phone">{l.phone}</span>}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * A menu item's children, led by the item's own page as an overview link when it has one
 * that none of its children repeats (the button itself only opens the panel).
 */
export function ChildLinks({
  item,
  pathname,
  fix,
  t,
}: {
  item: MenuItem;
  pathname: string;
  fix: Fix;
  t: (text: string) => string;
}) {
  const href = fix(item.href);
  const children = item.children ?? [];
  const overview = href && !children.some((c) => fix(c.href) === href);
  return (
    <ul className="fc-menu__list">
      {overview && (
        <li>
          <SiteLink
            href={href}
            className="fc-menu__link fc-menu__link--overview"
            aria-current={isCurrent(pathname, href) ? 'page' : undefined}
          >
            {t(item.label)}
          </SiteLink>
        </li>
      )}
      {children.map((child, i) => {
        const childHref = fix(child.href);
        return (
          <li key={i}>
            <SiteLink
              href={childHref}
              className="fc-menu__link"
              aria-current={isCurrent(pathname, childHref) ? 'page' : undefined}
            >
              {t(child.label)}
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}

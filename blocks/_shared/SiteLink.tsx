/**
 * A link from dealer data: in-site paths go through the site's link rewrite and the router
 * (keeping the site's base path), others are plain, safe anchors.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { useLinkTarget } from '../../engine/render/site-context.tsx';
import { safeHref } from '../../engine/sanitize/url.ts';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string | undefined;
  children: ReactNode;
};

export function SiteLink({ href, children, ...rest }: Props) {
  const target = useLinkTarget();
  const safe = target(safeHref(href));
  if (safe.startsWith('/') || safe.startsWith('?')) {
    return (
      <Link to={safe} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(safe);
  return (
    <a href={safe} {...(external ? { rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}

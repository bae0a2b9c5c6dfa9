import type { ResolvedSite } from '../../engine/site/types.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';

/** The home link: the theme's logo (loaded first: it is above the fold), or the site's name as a wordmark. */
export function Logo({
  site,
  current,
}: {
  site: Pick<ResolvedSite, 'name' | 'theme'>;
  current: boolean;
}) {
  const logo = site.theme.logo;
  return (
    <SiteLink href="/" className="fc-header__logo" aria-current={current ? 'page' : undefined}>
      {logo ? (
        <img
          className="fc-header__logo-image"
          src={logo.src}
          alt={logo.alt || site.name}
          width={logo.width ?? 160}
          height={logo.height ?? 48}
          fetchPriority="high"
        />
      ) : (
        <span className="fc-header__wordmark">{site.name}</span>
      )}
    </SiteLink>
  );
}

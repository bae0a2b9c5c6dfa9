/**
 * A promotional tile: the promo-tile block's own view and a tile among search results
 * (CarGrid). Its own module so the promo-tile block does not pull the car grid and cards
 * into every page it is on.
 */
import { useSite } from '../../engine/render/site-context.tsx';
import type { PromoTileProps } from '../../schemas/resolved.gen.ts';
import { photoAttributes } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './styles/card.css';
import './styles/visitor-actions.css';
import './styles/promo-and-lists.css';

export function PromoTileView({
  tile,
  as: As = 'div',
}: {
  tile: PromoTileProps & { id?: string };
  as?: 'div' | 'aside';
}) {
  const { t } = useSite();
  return (
    <As
      className="fc-promo-tile"
      style={{ backgroundColor: tile.backgroundColour, color: tile.textColour }}
      data-promo-tile={tile.id}
      aria-label={As === 'aside' ? t(tile.heading) : undefined}
    >
      {tile.image && (
        <img
          className="fc-promo-tile__image"
          {...photoAttributes(tile.image.src, {
            min: 160,
            max: 480,
            sizes: `${tile.image.width ?? 160}px`,
            fallback: 320,
          })}
          alt={tile.image.alt}
          width={tile.image.width ?? 160}
          height={tile.image.height ?? 120}
          loading="lazy"
        />
      )}
      <p className="fc-promo-tile__heading">{t(tile.heading)}</p>
      {tile.text && <p className="fc-promo-tile__text">{t(tile.text)}</p>}
      {tile.link && (
        <SiteLink className="fc-button fc-button--light fc-promo-tile__link" href={tile.link.href}>
          {t(tile.link.label)}
        </SiteLink>
      )}
    </As>
  );
}

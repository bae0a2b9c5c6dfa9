/**
 * Promo tile block: a promotion shown among the car results of its page (the car grid
 * picks it up, see ../_cars/CarGrid.tsx and promo.ts), or inline where it stands.
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { PromoTileProps } from '../../schemas/resolved.gen.ts';
import { PromoTileView } from '../_cars/PromoTileView.tsx';
import { isCurrent, isoDay } from '../_cars/promo.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';

export default defineBlock<PromoTileProps>({
  component: function PromoTileBlock({ props, block }) {
    const { site } = useSite();
    if (props.placement === 'results') return null;
    if (!isCurrent(props, isoDay(Date.now(), dealerTimeZone(site)))) return null;
    return (
      <div className="fc-container fc-promo-tile-block" data-block-id={block.id}>
        <PromoTileView tile={{ ...props, id: String(block.id) }} as="aside" />
      </div>
    );
  },
});

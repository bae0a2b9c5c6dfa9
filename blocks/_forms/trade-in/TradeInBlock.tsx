/** The section around the trade-in flow (trade-in and sell-my-car blocks). */
import { useLocation } from 'react-router';
import { useSite } from '../../../engine/render/site-context.tsx';
import type { SellMyCarProps, TradeInProps } from '../../../schemas/resolved.gen.ts';
import { useCarFromQuery } from '../car.ts';
import { CarStatus } from '../CarContext.tsx';
import { TradeInFlow, type TradeInKind } from '../TradeInFlow.tsx';
import '../forms.css';

export type TradeInBlockProps = TradeInProps | SellMyCarProps;

export function TradeInBlock({
  props,
  blockId,
  kind,
}: {
  props: TradeInBlockProps;
  blockId: string;
  kind: TradeInKind;
}) {
  const { site, t } = useSite();
  const { search } = useLocation();
  // /cars/trade-in?car_id=: the car the visitor wants to buy, sent with the lead.
  const carState = useCarFromQuery(site, search, kind === 'trade-in');
  const car = carState.status === 'ready' ? carState.car : undefined;
  const headingId = `${blockId}-heading`;
  return (
    <section
      className={`fc-form-block fc-${kind}-block`}
      aria-labelledby={headingId}
      id={blockId}
      data-block-id={blockId}
    >
      <div className="fc-container fc-form-block__inner">
        <h2 id={headingId} className="fc-form-block__heading">
          {t(props.heading)}
        </h2>
        {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
        <CarStatus state={carState} label="Trading in towards" />
        <TradeInFlow
          kind={kind}
          car={car}
          privacyHref={props.privacyHref}
          labelledBy={headingId}
          formId={blockId}
        />
      </div>
    </section>
  );
}

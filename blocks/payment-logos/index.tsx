/**
 * "We accept": the payment methods the dealership takes, drawn by the platform
 * (/assets/payment/{mastercard|visa|maestro|google-pay|apple-pay}.svg).
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { PaymentLogosProps } from '../../schemas/resolved.gen.ts';
import './payment-logos.css';

type PaymentMethod = PaymentLogosProps['logos'][number];

/** Each method's name: the logo's alt text. */
const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  mastercard: 'Mastercard',
  visa: 'Visa',
  maestro: 'Maestro',
  'google-pay': 'Google Pay',
  'apple-pay': 'Apple Pay',
};

export default defineBlock<PaymentLogosProps>({
  component: function PaymentLogos({ props, block }) {
    const { t } = useSite();
    const logos = props.logos;
    if (!logos.length) return null;
    const headingId = `${block.id}-heading`;
    return (
      <section
        className={`fc-payment-logos fc-payment-logos--${props.align}`}
        aria-labelledby={headingId}
        data-block-id={block.id}
      >
        <div className="fc-container">
          <h2 className="fc-payment-logos__heading" id={headingId}>
            {t(props.heading)}
          </h2>
          <ul className="fc-payment-logos__list" role="list">
            {logos.map((id) => (
              <li key={id}>
                <img
                  className="fc-payment-logos__logo"
                  src={`/assets/payment/${id}.svg`}
                  alt={PAYMENT_METHODS[id]}
                  width={98}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
});

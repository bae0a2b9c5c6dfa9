/** The end of the flow on this page: no online estimate, or the offer declined. */
export interface TradeInDoneProps {
  /** Id of the heading, focused when the flow arrives here. */
  id: string;
  heading: string;
  message: string;
  /** How the visitor asked to be contacted (Phone, Email or SMS). */
  contactMethod: string;
}

export function TradeInDone({ id, heading, message, contactMethod }: TradeInDoneProps) {
  return (
    <div className="fc-result fc-trade-in__done" role="status">
      <h3 id={id} tabIndex={-1} className="fc-form__step">
        {heading}
      </h3>
      <p>{message}</p>
      <p>We'll contact you by {contactMethod.toLowerCase()} within one business day.</p>
    </div>
  );
}

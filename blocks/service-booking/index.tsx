/**
 * Service booking (/service#service-booking, /ford-service). The visitor picks a service
 * centre, the kind of service, a day and one of the drop-off times that centre offers that
 * day, then their details and (optionally) their car and notes. It sends a Service
 * Booking lead like every other form (docs/forms.md).
 *
 * The hours rule is one module shared with the server (engine/api/service-booking.ts):
 * the times offered come from bookingSlots, the checks from serviceBookingErrors, and
 * POST /api/leads re-checks the booking with the same functions.
 *
 * Built like every lead form: the steps as a table (machine.ts), the call (calls.ts), the
 * hook (useServiceBooking.ts) and a props-only view (ServiceBookingForm.tsx).
 */
import { useMemo } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { telHref } from '../../engine/sanitize/url.ts';
import type { Location } from '../../engine/site/types.ts';
import { serviceLocations } from '../../engine/api/service-booking.ts';
import type { ServiceBookingProps } from '../../schemas/resolved.gen.ts';
import { FormSection } from '../_forms/Form.tsx';
import { ServiceBookingForm } from './ServiceBookingForm.tsx';
import { useServiceBooking } from './useServiceBooking.ts';
import '../_forms/forms.css';
import './service-booking.css';

interface FormProps {
  props: ServiceBookingProps;
  formId: string;
  labelledBy: string;
  centres: Location[];
}

function ServiceBooking({ props, formId, labelledBy, centres }: FormProps) {
  const booking = useServiceBooking({
    centres,
    slotMinutes: props.slotMinutes,
    optInText: props.optInText,
    formId,
  });
  return (
    <ServiceBookingForm
      booking={booking}
      labelledBy={labelledBy}
      serviceTypes={props.serviceTypes}
      slotMinutes={props.slotMinutes}
      optInText={props.optInText}
      termsHref={props.termsHref}
      submitLabel={props.submitLabel}
    />
  );
}

export default defineBlock<ServiceBookingProps>({
  // The section carries id={block.id}: links jump to it (#service-booking), so the renderer adds no anchor of its own.
  ownAnchor: true,
  component: function ServiceBookingBlock({ props, block }) {
    const { site, t } = useSite();
    const centres = useMemo(() => serviceLocations(site.locations), [site.locations]);
    const phone = centres[0]?.contact_detail?.phone ?? site.locations[0]?.contact_detail?.phone;
    return (
      <FormSection
        block={block}
        className="fc-service-booking"
        heading={props.heading}
        intro={props.intro}
      >
        {(headingId) =>
          centres.length ? (
            <ServiceBooking
              props={props}
              formId={block.id}
              labelledBy={headingId}
              centres={centres}
            />
          ) : (
            <p className="fc-service-booking__none">
              {t('Online booking is not available at the moment.')}{' '}
              {phone ? (
                <>
                  Please call us on <a href={telHref(phone)}>{phone}</a> to book.
                </>
              ) : (
                'Please contact us to book.'
              )}
            </p>
          )
        }
      </FormSection>
    );
  },
});

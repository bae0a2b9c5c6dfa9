/**
 * The enquiry form's hook: the form, the captcha and the step machine (machine.ts) wired to
 * its call (calls.ts) through the lead form hook, and what the views draw: which fields the
 * site's layout asks for, the category choices, the earliest test-drive time. It owns no
 * rule and no markup.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSite } from '../../../engine/render/site-context.tsx';
import { enquiryForm_category } from '../../../schemas/block-defaults.gen.ts';
import { leadEventId } from '../../_shared/analytics.ts';
import { useCaptcha } from '../Captcha.tsx';
import type { CarSummary } from '../car.ts';
import { CONTACT_VALUES, DEFAULT_OPT_IN } from '../common.tsx';
import { locationOptions } from '../leads.ts';
import { enquiryLayout, GENERAL_ENQUIRY, textOf } from '../rules.ts';
import { useForm } from '../useForm.ts';
import { useLeadForm } from '../useLeadForm.ts';
import { enquiryCategory, sendEnquiry } from './calls.ts';
import { enquiryMachine, type EnquiryContext, type EnquiryMode } from './machine.ts';

export interface UseEnquiryOptions {
  mode: EnquiryMode;
  car?: CarSummary;
  /** Lead category of a form without a car (General Enquiry adds the category select). */
  category?: string;
  /** Sets the lead category whatever the car (e.g. "Reserve Online" on the checkout page). */
  leadCategory?: string;
  categoryOptions?: string[];
  steps?: 'one' | 'two';
  askRego?: boolean;
  optInText?: string;
  /** The view can draw the dealership select (EnquiryForm.tsx): else the dealership is never asked. */
  canAskDealership: boolean;
  /** Reported with the analytics event (the block id). */
  formId: string;
  successPath?: string;
}

export function useEnquiry(options: UseEnquiryOptions) {
  const { mode, car, formId, successPath } = options;
  const { site, region, t, m } = useSite();
  const category =
    options.leadCategory ?? enquiryCategory(mode, car, options.category ?? enquiryForm_category);
  const categoryOptions = options.categoryOptions?.length
    ? options.categoryOptions
    : [GENERAL_ENQUIRY];
  const layout = enquiryLayout(site.features, {
    car,
    category: mode === 'enquiry' ? category : mode,
    dealershipCount: options.canAskDealership ? site.dealerships.length : 0,
    locationCount: locationOptions(site, car).length,
  });
  const optInText = options.optInText ?? DEFAULT_OPT_IN;

  const form = useForm({
    initial: {
      ...CONTACT_VALUES,
      'category select': categoryOptions[0],
      location: '',
      dealership_slug: '',
      Rego: '',
      booking_datetime: '',
    },
  });
  // A chosen dealership offers only its own locations; one chosen before that goes.
  const chosenDealership = layout.dealership ? textOf(form.values, 'dealership_slug') : undefined;
  const locations = locationOptions(site, car, chosenDealership);
  const chosenLocation = textOf(form.values, 'location');
  const offered = !chosenLocation || locations.some((l) => l.value === chosenLocation);
  const setValue = form.set;
  useEffect(() => {
    if (!offered) setValue('location', '');
  }, [offered, setValue]);
  const captcha = useCaptcha(site, form, layout.captcha);
  const [minDate, setMinDate] = useState<string | undefined>();
  useEffect(() => {
    // Only in the browser: the server does not know the visitor's clock.
    const d = new Date(Date.now() + 60 * 60_000);
    setMinDate(new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
  }, []);

  const chosenCategory = String(form.values['category select'] ?? '');
  const context: Omit<EnquiryContext, 'consents'> = {
    region: region.region,
    layout,
    testDrive: mode === 'test-drive',
    showRego: Boolean(
      options.askRego || (layout.categorySelect && /service|parts/i.test(chosenCategory)),
    ),
    messageRequired: mode === 'enquiry' && layout.messageRequired,
    plateLabel: m('plate.field'),
    plateInvalid: m('plate.invalid'),
  };
  const machine = useMemo(() => enquiryMachine(mode, options.steps), [mode, options.steps]);
  const eventId =
    mode === 'enquiry' && !car && category !== GENERAL_ENQUIRY
      ? undefined
      : leadEventId(mode === 'test-drive' ? 'test-drive' : 'enquiry', car);

  const flow = useLeadForm({
    form,
    captcha,
    machine,
    context,
    consent: { optIn: Boolean(optInText), terms: Boolean(layout.terms) },
    send: (call) => sendEnquiry(site, { ...call, car, category, asked: context, eventId }),
    record: { category, car, eventId, formId },
    successPath,
  });

  return {
    form,
    captcha,
    flow,
    context,
    site,
    t,
    title: machine.steps[flow.state.step].title,
    categoryOptions,
    locations,
    minDate,
    terms: Boolean(layout.terms),
    optInText,
  };
}

export type EnquiryState = ReturnType<typeof useEnquiry>;

/**
 * The parts request's hook: the form, the captcha and the one-row machine (machine.ts) wired
 * to its call (calls.ts) through the lead form hook. It owns no rule and no markup: it hands
 * the view what it draws (the make and model suggestions among them).
 */
import { useLocation } from 'react-router';
import { PARTS_ENQUIRY_CATEGORY } from '../../engine/api/service-booking.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Location } from '../../engine/site/types.ts';
import { useCaptcha } from '../_forms/Captcha.tsx';
import { CONTACT_VALUES } from '../_forms/common.tsx';
import { useForm } from '../_forms/useForm.ts';
import { useLeadForm } from '../_forms/useLeadForm.ts';
import { sendPartsRequest } from './calls.ts';
import { partsRequestMachine } from './machine.ts';

export interface UsePartsRequestOptions {
  counters: Location[];
  optInText?: string;
  /** Reported with the analytics event (the block id). */
  formId: string;
}

/** Suggestions for the make box: the makes the site's dealerships sell. */
function makesOf(site: { dealerships: { manufacturers?: string[] }[] }): string[] {
  return [...new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []))];
}

export function usePartsRequest({ counters, optInText, formId }: UsePartsRequestOptions) {
  const { site, data, region, t } = useSite();
  const { search } = useLocation();
  const terms = Boolean(site.features.termsAgreement);
  const query = new URLSearchParams(search);
  const form = useForm({
    initial: {
      'Vehicle Make': '',
      'Vehicle Model': '',
      'Vehicle Year': '',
      vin: '',
      // A search box elsewhere may send the visitor here with the part (?part= or ?q=).
      part: (query.get('part') ?? query.get('q') ?? '').slice(0, 200),
      quantity: '1',
      location_id: counters.length === 1 ? String(counters[0].id) : '',
      ...CONTACT_VALUES,
    },
  });
  const captcha = useCaptcha(site, form);
  const askCounter = counters.length > 1;
  const make = String(form.values['Vehicle Make'] ?? '')
    .trim()
    .toLowerCase();

  const flow = useLeadForm({
    form,
    captcha,
    machine: partsRequestMachine,
    context: { region: region.region, askCounter },
    consent: { optIn: Boolean(optInText), terms },
    send: (call) => sendPartsRequest(site, { ...call, counters }),
    record: { category: PARTS_ENQUIRY_CATEGORY, formId },
  });

  return {
    form,
    captcha,
    flow,
    region: region.region,
    t,
    terms,
    askCounter,
    counters,
    makes: makesOf(site),
    models: data.models
      .filter((m) => m.manufacturer_name.toLowerCase() === make)
      .map((m) => m.name),
  };
}

export type PartsRequestState = ReturnType<typeof usePartsRequest>;

/**
 * External services the API depends on, each behind an interface with a local
 * default, so the platform works offline and a dealer can plug in real providers
 * (options.adapters) without touching the routes. The local geocoder has no postcode
 * table and the local rego registry finds no plate until one is given (the demo gives
 * its own: demo/defaults.ts).
 */
import type { Catalogue } from '../../../schemas/types.gen.ts';
import { localCaptcha, type Captcha } from './captcha.ts';
import { localGeocoder, type Geocoder } from './geocoding.ts';
import { payAtDealership, type PaymentProvider } from './payments.ts';
import { noRegoRegistry, type RegoRegistry } from './rego.ts';
import type { SmsSender } from './sms.ts';
import { localValuer, type TradeInValuer } from './valuation.ts';

export interface ApiAdapters {
  geocoder: Geocoder;
  rego: RegoRegistry;
  valuer: TradeInValuer;
  captcha: Captcha;
  /** Reservation deposits (default: paid at the dealership, no card charged). */
  payments: PaymentProvider;
  /** Text messages (sign-in codes); default: the log and {data}/outbox/sms/ (sms.ts). */
  sms: SmsSender;
}

export type { Captcha, Geocoder, PaymentProvider, RegoRegistry, SmsSender, TradeInValuer };

/** What an adapter may be made from: the shared catalogue (makes, models, new prices). */
export interface AdapterDeps {
  catalogue: Catalogue;
}

/** Adapters given to the API: a set, or a function making them from the catalogue. */
export type AdapterSource = Partial<ApiAdapters> | ((deps: AdapterDeps) => Partial<ApiAdapters>);

export function localAdapters(deps: {
  catalogue: Pick<Catalogue, 'models'>;
  captchaSecret: string;
  sms: SmsSender;
}): ApiAdapters {
  return {
    geocoder: localGeocoder(),
    rego: noRegoRegistry(),
    valuer: localValuer(deps.catalogue),
    captcha: localCaptcha(deps.captchaSecret),
    payments: payAtDealership(),
    sms: deps.sms,
  };
}

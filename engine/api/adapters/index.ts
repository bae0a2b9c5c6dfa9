/**
 * External services the API depends on, each behind an interface with a local
 * default, so the platform works offline and a dealer can plug in real providers
 * (options.adapters) without touching the routes.
 */
import type { Catalogue } from '../../../schemas/types.gen.ts';
import { localCaptcha, type Captcha } from './captcha.ts';
import { localGeocoder, type Geocoder } from './geocoding.ts';
import { localRegoRegistry, type RegoRegistry } from './rego.ts';
import { localValuer, type TradeInValuer } from './valuation.ts';

export interface ApiAdapters {
  geocoder: Geocoder;
  rego: RegoRegistry;
  valuer: TradeInValuer;
  captcha: Captcha;
}

export type { Captcha, Geocoder, RegoRegistry, TradeInValuer };

export function localAdapters(deps: { catalogue: Pick<Catalogue, 'models'>; captchaSecret: string }): ApiAdapters {
  return {
    geocoder: localGeocoder(),
    rego: localRegoRegistry(deps.catalogue),
    valuer: localValuer(deps.catalogue),
    captcha: localCaptcha(deps.captchaSecret),
  };
}

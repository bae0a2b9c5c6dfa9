/**
 * New Zealand wording (docs/regions.md): kilometres, ute and petrol as in Australia; no
 * stamp duty or state registration charges, so every price qualifier that is not drive
 * away reads "+ ORC" (on-road costs: registration, WoF); number plates are registered
 * nationally, so the lookup asks for no state.
 */
import type { LocaleOverrides } from './en-AU.ts';

export const enNZ = {
  'odometer.field': 'Odometer (km)',
  'odometer.invalid': 'Please enter the odometer reading in whole kilometres, e.g. 85,000.',
  'odometer.filter': 'Kilometres',
  'sort.km_asc': 'Kilometres: lowest first',
  'price.drive_away': 'Drive away',
  'price.excl_gov_charges': '+ ORC',
  'price.plus_orc': '+ ORC',
  'plate.label': 'Registration',
  'plate.field': 'Registration (rego)',
  'plate.required': "Please enter the car's registration.",
  'plate.invalid':
    'Please enter the registration using letters, numbers, spaces and hyphens only (up to 10).',
  'plate.notFound': 'No vehicle found with that registration.',
  'plate.step': 'Its registration',
  'plate.skip': 'Continue without a registration match',
  'plate.region': 'Country',
  'plate.short': 'Rego',
  // New Zealand lenders quote no comparison rate.
  'finance.weeklyNote':
    'Based on a {rate}% p.a. interest rate with {lender}, on a 5-year secured loan. Fees and lending criteria apply.',
  'tradeIn.noEstimate':
    "Cars older than 7 years or with more than 100,000 km can't be valued online. We'll call you to arrange a valuation.",
  'models.trucks': 'Utes & Trucks',
  'body.Ute': 'Ute',
  'fuel.Petrol': 'Petrol',
} as const satisfies LocaleOverrides;

/**
 * US wording (docs/regions.md): miles and mileage, gasoline, pickup trucks, license
 * plates, and prices before tax, title and dealer fees instead of drive away / on-road
 * costs. Spelling (color, tire, center, …) is engine/region.ts's spell().
 */
import type { LocaleOverrides } from './en-AU.ts';

export const enUS = {
  'odometer.field': 'Odometer (miles)',
  'odometer.invalid': 'Please enter the odometer reading in whole miles, e.g. 52,000.',
  'odometer.filter': 'Mileage',
  'sort.km_asc': 'Mileage: lowest first',
  'fuel.consumption': 'mpg',
  'price.drive_away': 'Out the door',
  'price.excl_gov_charges': '+ tax & title',
  'price.plus_orc': '+ tax, title & fees',
  'plate.label': 'License plate',
  'plate.field': 'License plate',
  'plate.required': "Please enter the car's license plate.",
  'plate.invalid':
    'Please enter the license plate using letters, numbers, spaces and hyphens only (up to 10).',
  'plate.notFound': 'No vehicle found with that license plate.',
  'plate.step': 'Its license plate',
  'plate.skip': 'Continue without a license plate match',
  'plate.region': 'State',
  'plate.short': 'Plate',
  'finance.weeklyNote':
    'Based on a {rate}% APR with {lender} over 60 months. Taxes, title and fees extra; subject to credit approval.',
  'tradeIn.noEstimate':
    "Cars older than 7 years or with more than 62,000 miles can't be valued online. We'll call you to arrange a valuation.",
  'models.trucks': 'Trucks',
  'body.Ute': 'Pickup Truck',
  'body.Cab Chassis': 'Chassis Cab',
  // A towed caravan is a travel trailer to a US buyer.
  'body.Caravan': 'Travel Trailer',
  'body.Hatch': 'Hatchback',
  'body.People Mover': 'Minivan',
  'body.Softtop': 'Soft Top',
  'fuel.Petrol': 'Gasoline',
  'fuel.Petrol - Unleaded ULP': 'Gasoline - Regular',
  'fuel.Petrol - Premium ULP (95 RON)': 'Gasoline - Mid-grade',
  'fuel.Petrol - Premium ULP (98 RON)': 'Gasoline - Premium',
  'fuel.LPG': 'Propane',
} as const satisfies LocaleOverrides;

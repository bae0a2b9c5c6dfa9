/**
 * The reference message catalogue (en-AU): every word the blocks show that differs by
 * region, keyed by what it means. en-NZ and en-US (beside this file) restate the keys
 * whose wording differs there; docs/regions.md says which and why.
 *
 * Keys `body.{value}` and `fuel.{value}` are display maps: the stock keeps its stored
 * values (simple_body "Ute", simple_fuel "Petrol") and visitors read the region's word.
 */
export const enAU = {
  // Distances and the odometer.
  'odometer.label': 'Odometer',
  'odometer.field': 'Odometer (km)',
  'odometer.invalid': 'Please enter the odometer reading in whole kilometres, e.g. 85,000.',
  /** The search filter heading and chip of the odometer range. */
  'odometer.filter': 'Kilometres',
  'sort.km_asc': 'Kilometres: lowest first',
  'fuel.consumption': 'L/100 km',

  // Words after a price (the car's price_type).
  'price.drive_away': 'Drive away',
  'price.excl_gov_charges': 'Excl. gov. charges',
  'price.plus_orc': '+ ORC',

  // The number plate and its registration.
  'plate.label': 'Registration',
  'plate.field': 'Registration (rego)',
  'plate.required': "Please enter the car's registration.",
  'plate.invalid':
    'Please enter the registration using letters, numbers, spaces and hyphens only (up to 10).',
  'plate.notFound': 'No vehicle found with that registration.',
  'plate.step': 'Its registration',
  'plate.skip': 'Continue without a registration match',
  'plate.region': 'State',
  /** The plate in a specification list or a PDF. */
  'plate.short': 'Rego',

  // Finance, said the region's way.
  /** The weekly price's note on a car card: {rate}, {comparison} (% p.a.) and {lender} are filled in. */
  'finance.weeklyNote':
    'Based on {rate}% p.a. interest rate ({comparison}% p.a. comparison rate) with {lender}. Comparison rate on a 5-year secured loan of $30,000.',

  // Trade-in valuation limits, said in the region's unit.
  'tradeIn.noEstimate':
    "Cars older than 7 years or with more than 100,000 km can't be valued online. We'll call you to arrange a valuation.",

  // Model range kinds (/models?body=).
  'models.trucks': 'Utes & Trucks',

  // Body types as stored (simple_body) → as read.
  'body.4x4': '4x4',
  'body.Bus': 'Bus',
  'body.Cab Chassis': 'Cab Chassis',
  'body.Caravan': 'Caravan',
  'body.Convertible': 'Convertible',
  'body.Coupe': 'Coupe',
  'body.Hardtop': 'Hardtop',
  'body.Hatch': 'Hatch',
  'body.Hatchback': 'Hatchback',
  'body.Light Truck': 'Light Truck',
  'body.Motorhome': 'Motorhome',
  'body.People Mover': 'People Mover',
  'body.Sedan': 'Sedan',
  'body.Softtop': 'Softtop',
  'body.Station Wagon': 'Station Wagon',
  'body.SUV': 'SUV',
  'body.Ute': 'Ute',
  'body.Van': 'Van',
  'body.Wagon': 'Wagon',

  // Fuel as stored (simple_fuel, fuel) → as read.
  'fuel.Petrol': 'Petrol',
  'fuel.Petrol - Unleaded ULP': 'Petrol - Unleaded ULP',
  'fuel.Petrol - Premium ULP (95 RON)': 'Petrol - Premium ULP (95 RON)',
  'fuel.Petrol - Premium ULP (98 RON)': 'Petrol - Premium ULP (98 RON)',
  'fuel.LPG': 'LPG',
} as const;

export type MessageKey = keyof typeof enAU;
export type Catalogue = { readonly [K in MessageKey]: string };

/**
 * Keys every other locale must state itself (a missing one is a type error): the words
 * that are Australian-only, so a new regional word cannot slip through in AU wording.
 */
export type RegionalKey =
  | 'odometer.field'
  | 'odometer.invalid'
  | 'odometer.filter'
  | 'sort.km_asc'
  | 'price.drive_away'
  | 'price.excl_gov_charges'
  | 'price.plus_orc'
  | 'plate.label'
  | 'plate.field'
  | 'plate.required'
  | 'plate.invalid'
  | 'plate.notFound'
  | 'plate.step'
  | 'plate.skip'
  | 'plate.region'
  | 'plate.short'
  | 'finance.weeklyNote'
  | 'tradeIn.noEstimate'
  | 'models.trucks'
  | 'body.Ute'
  | 'fuel.Petrol';

/** What a locale other than the reference writes: every regional key, and any other key it words differently. */
export type LocaleOverrides = Pick<Catalogue, RegionalKey> & Partial<Catalogue>;

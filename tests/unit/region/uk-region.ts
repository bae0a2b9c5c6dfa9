/**
 * A UK region as a new region would be written (docs/regions.md, "Add a region"): its entry
 * of the region table and its words, for tests that add it in memory (registerRegion).
 */
import type { RegionFacts } from '../../../engine/region.ts';
import type { LocaleOverrides } from '../../../engine/messages/en-AU.ts';
import type { DocumentWords } from '../../../engine/messages/document-words.ts';
import type { Car, Region } from '../../../schemas/types.gen.ts';

export const UK = 'UK' as Region;

export const ukFacts: RegionFacts = {
  name: 'United Kingdom',
  locale: 'en-GB',
  currency: 'GBP' as Car['currency'],
  distanceUnit: 'mile',
  odometerUnit: 'mi',
  timeZone: 'Europe/London',
  usSpelling: false,
  dayPeriods: ['am', 'pm'],
  dateOrder: 'day-month',
  postcode: {
    pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
    maxLength: 8,
    label: 'Postcode',
    ask: 'Your postcode',
    help: 'e.g. SW1A 1AA',
    message: 'Invalid postcode. Please enter a UK postcode, e.g. SW1A 1AA.',
    issued: () => true,
  },
  phone: {
    countryCode: '44',
    trunk: '0',
    national: /^0\d{9,10}$/,
    example: '07700 900123',
    message: 'Please enter a valid UK phone number, e.g. 07700 900123.',
    display: (key) => (key.length === 11 ? `${key.slice(0, 5)} ${key.slice(5)}` : key),
  },
  // Plates are registered nationally (DVLA): no state to choose.
  plateStates: [],
  plateFormats: { default: 'LLNNLLL' },
  autograb: false,
  financePartners: false,
  complianceDate: false,
  preOwnedLabel: true,
  // UK specifications read in millimetres and kilograms, as stored.
  // A UK dealer's company number is not shown by the platform.
  businessNumber: null,
};

export const ukWords: LocaleOverrides = {
  'odometer.field': 'Odometer (miles)',
  'odometer.invalid': 'Please enter the odometer reading in whole miles, e.g. 52,000.',
  'odometer.filter': 'Mileage',
  'sort.km_asc': 'Mileage: lowest first',
  'fuel.consumption': 'mpg',
  'price.drive_away': 'On the road',
  'price.excl_gov_charges': 'Excl. VAT',
  'price.plus_orc': '+ VAT & first registration',
  'plate.label': 'Number plate',
  'plate.field': 'Registration number',
  'plate.required': "Please enter the car's registration number.",
  'plate.invalid':
    'Please enter the registration number using letters, numbers, spaces and hyphens only (up to 10).',
  'plate.notFound': 'No vehicle found with that registration number.',
  'plate.step': 'Its registration number',
  'plate.skip': 'Continue without a registration match',
  'plate.region': 'Country',
  'plate.short': 'Reg',
  'tradeIn.noEstimate':
    "Cars older than 7 years or with more than 62,000 miles can't be valued online. We'll call you to arrange a valuation.",
  'models.trucks': 'Pick-ups & Vans',
  'body.Ute': 'Pick-up',
  'fuel.Petrol': 'Petrol',
  'finance.weeklyNote': 'Based on a representative {rate}% APR with {lender}.',
};

export const ukDocumentWords: DocumentWords = {
  'country.name': 'the UK',
  'country.freight': 'anywhere in mainland Great Britain',
  'country.nationwide': 'nationwide',
  'currency.name': 'pounds sterling',
  'price.driveAwayDeal': 'on-the-road',
  'price.driveAwayIncludes': 'VAT, first registration and a year’s road tax',
  'law.consumer': 'the Consumer Rights Act 2015',
  'law.privacy': 'the UK GDPR and the Data Protection Act 2018',
  'history.finance': 'Outstanding finance',
  'history.financeClear': 'No outstanding finance recorded.',
  'history.writtenOff': 'Insurance write-off',
  'history.writtenOffClear': 'Not recorded as an insurance write-off (Cat S, N, B or A).',
};

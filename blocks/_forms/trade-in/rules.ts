/**
 * What the trade-in flow asks and checks, as pure functions (docs/forms.md, "Trade-in and
 * sell my car"): each step's field rules, the visitor's starting values, the registration
 * states of a region and the condition answers the valuation is adjusted by.
 */
import type { Region } from '../../../engine/site/types.ts';
import { KM_PER_MILE, regionSettings } from '../../../engine/region.ts';
import { messagesFor } from '../../../engine/messages/index.ts';
import type { AdjustmentAnswers, RegoState } from '../../../schemas/types.gen.ts';
import {
  email,
  maxLength,
  onlineEstimatePossible,
  phone,
  postcode,
  postcodeInput,
  plateCheck,
  required,
  type Check,
  type FieldRule,
  type Values,
} from '../rules.ts';

/** The states the plate lookup offers (engine/region/table.ts, `plateStates`). */
export function regoStates(region: Region): RegoState[] {
  return [...regionSettings(region).plateStates];
}

/** The whole number typed on the odometer ("85,000 km" → 85000, "52,000 mi" → 52000); NaN when not a number. */
export function parseKms(text: string): number {
  const cleaned = text.replace(/[,\s]/g, '').replace(/(kms?|mi|miles)$/i, '');
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : NaN;
}

/** The odometer typed, in km: the region's unit is what visitors type (miles in the US; docs/regions.md). */
export function odometerKm(values: Values, region?: Region): number {
  const typed = parseKms(String(values.kms));
  return regionSettings(region).distanceUnit === 'mile' ? Math.round(typed * KM_PER_MILE) : typed;
}

const yearCheck =
  (now = new Date()): Check =>
  (v) => {
    const y = Number(v);
    return /^\d{4}$/.test(String(v).trim()) && y >= 1950 && y <= now.getFullYear() + 1
      ? undefined
      : `Please enter the year the car was built, between 1950 and ${now.getFullYear() + 1}.`;
  };

const kmsCheck =
  (message: string): Check =>
  (v) =>
    typeof v === 'string' && Number.isFinite(parseKms(v)) ? undefined : message;

/** The trade-in contact rules: postcode exactly 4 digits in AU and NZ, a 5-digit ZIP in the US (docs/forms.md, "Regional rules"). */
export function tradeInDetailsRules(region: Region): FieldRule[] {
  const pc = postcodeInput(region);
  return [
    {
      name: 'name',
      label: 'First Name',
      checks: [required('First Name'), maxLength(120, 'First Name')],
    },
    {
      name: 'last_name',
      label: 'Last Name',
      checks: [required('Last Name'), maxLength(120, 'Last Name')],
    },
    {
      name: 'postcode',
      label: pc.label,
      checks: [required(pc.label, 'enter', pc.message), postcode(region)],
    },
    { name: 'phone', label: 'Mobile Number', checks: [required('Mobile Number'), phone(region)] },
    {
      name: 'email',
      label: 'Email',
      checks: [required('Email', 'enter', 'Please enter your email address.'), email],
    },
    {
      name: 'PreferredContactMethod',
      label: 'Preferred contact method',
      checks: [required('preferred contact method', 'choose')],
    },
    {
      name: 'finance',
      label: 'Finance',
      checks: [required('', 'choose', 'Please tell us whether you need finance.')],
    },
  ];
}

/**
 * Whether the car typed so far can be valued online: unknown until year and odometer are
 * both readable, then no older than 7 years and no more than 100,000 km.
 */
export function estimatePossible(values: Values, region?: Region): boolean {
  const kms = odometerKm(values, region);
  const known = /^\d{4}$/.test(String(values.year)) && Number.isFinite(kms);
  return !known || onlineEstimatePossible({ year: Number(values.year), kms });
}

/** The car's rules; the condition is asked only when an online estimate is possible. */
export function vehicleRules(withCondition: boolean, region?: Region): FieldRule[] {
  const { m } = messagesFor(region);
  const rules: FieldRule[] = [
    {
      name: 'make',
      label: 'Make',
      checks: [required('Make', 'enter', "Please enter the car's make, e.g. Toyota.")],
    },
    {
      name: 'model',
      label: 'Model',
      checks: [required('Model', 'enter', "Please enter the car's model, e.g. Corolla.")],
    },
    {
      name: 'year',
      label: 'Year',
      checks: [required('Year', 'enter', 'Please enter the year the car was built.'), yearCheck()],
    },
    {
      name: 'kms',
      label: m('odometer.field'),
      checks: [
        required('', 'enter', 'Please enter the odometer reading.'),
        kmsCheck(m('odometer.invalid')),
      ],
    },
  ];
  if (withCondition)
    rules.push({
      name: 'condition',
      label: 'Overall condition',
      checks: [required('', 'choose', "Please choose the car's overall condition.")],
    });
  return rules;
}

export function regoRules(region?: Region): FieldRule[] {
  const { m } = messagesFor(region);
  return [
    {
      name: 'rego',
      label: m('plate.field'),
      checks: [required('', 'enter', m('plate.required')), plateCheck(m('plate.invalid'))],
    },
    {
      name: 'regoState',
      label: m('plate.region'),
      checks: [required(m('plate.region'), 'select')],
    },
  ];
}

/** Every field of every step, empty or at its usual answer; the registration state starts at the primary location's when the region has it. */
export function initialValues(states: RegoState[], primaryState: string | undefined): Values {
  return {
    name: '',
    last_name: '',
    postcode: '',
    phone: '',
    email: '',
    PreferredContactMethod: 'Phone',
    finance: '',
    terms_conditions: false,
    captcha: '',
    captcha_token: '',
    make: '',
    model: '',
    badge: '',
    year: '',
    kms: '',
    condition: '',
    accident_history: 'no',
    service_history: 'full',
    keys: '2',
    modifications: 'no',
    warning_lights: 'no',
    tyres: 'good',
    finance_owing: 'no',
    rego: '',
    regoState:
      primaryState && (states as string[]).includes(primaryState) ? primaryState : states[0],
  };
}

/** The condition questions as the valuation's adjustment answers (yes/no radios become booleans). */
export function adjustmentAnswers(values: Values): AdjustmentAnswers {
  const s = (k: string) => String(values[k] ?? '');
  const out: AdjustmentAnswers = {};
  if (s('condition')) out.condition = s('condition') as AdjustmentAnswers['condition'];
  out.accident_history = s('accident_history') === 'yes';
  if (s('service_history'))
    out.service_history = s('service_history') as AdjustmentAnswers['service_history'];
  if (s('keys') !== '') out.keys = Number(s('keys'));
  out.modifications = s('modifications') === 'yes';
  out.warning_lights = s('warning_lights') === 'yes';
  if (s('tyres')) out.tyres = s('tyres') as AdjustmentAnswers['tyres'];
  out.finance_owing = s('finance_owing') === 'yes';
  return out;
}

export { textOf } from '../rules.ts';

const comparable = (text: unknown) =>
  String(text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/**
 * The registration lookup found a different car from the one the visitor described: another
 * make, or a model neither name contains ("Hilux" and "HiLux SR5" agree; "Hilux" and "CX-5"
 * do not). The flow then says so and asks them to confirm or correct (docs/forms.md,
 * "Trade-in and sell my car"). Undefined when they agree or nothing was typed to compare.
 */
export function regoMismatch(
  vehicle: { year?: number | null; make: string; model: string },
  values: Values,
): { entered: string; found: string } | undefined {
  const make = comparable(values.make);
  const model = comparable(values.model);
  if (!make && !model) return undefined;
  const foundMake = comparable(vehicle.make);
  const foundModel = comparable(vehicle.model);
  const makeAgrees = !make || make === foundMake;
  const modelAgrees = !model || foundModel.includes(model) || model.includes(foundModel);
  if (makeAgrees && modelAgrees) return undefined;
  const entered = [values.year, values.make, values.model]
    .map((v) => String(v ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const found = [vehicle.year, vehicle.make, vehicle.model]
    .filter((v) => v !== null && v !== undefined && String(v).trim())
    .join(' ');
  return { entered, found };
}

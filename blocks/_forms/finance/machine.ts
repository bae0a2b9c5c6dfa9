/**
 * The finance forms as a one-row table (docs/forms.md, "Finance"): the contact details (the
 * application also wants the last name), the dealership when the site has several and no car
 * names one, the price or budget (required on the application, with its employment, income
 * and living situation), a message, then the consents. Its submit sends the lead; the
 * outcomes are the lead machine's (../lead-machine.ts).
 */
import type { Region } from '../../../engine/site/types.ts';
import { leadRequest_message_maxLength } from '../../../schemas/api-limits.gen.ts';
import { contactRules } from '../common.tsx';
import { parseAmount } from '../finance-math.ts';
import { leadMachine, type LeadStep } from '../lead-machine.ts';
import { maxLength, required, type Check, type FieldRule } from '../rules.ts';

export type FinanceVariant = 'enquiry' | 'application' | 'personalised';

export const EMPLOYMENT = [
  'Full-time',
  'Part-time',
  'Casual',
  'Self-employed',
  'Retired',
  'Not working',
];
export const RESIDENTIAL = [
  'Own my home',
  'Paying off a mortgage',
  'Renting',
  'Boarding',
  'Living with parents',
];

/** An optional dollar amount: empty, or a whole number of dollars ($ and commas allowed). */
export const dollars =
  (label: string): Check =>
  (v) => {
    if (typeof v !== 'string' || v.trim() === '') return undefined;
    const n = parseAmount(v);
    return Number.isFinite(n) && n >= 0 && n <= 100_000_000
      ? undefined
      : `Please enter ${label.toLowerCase()} in dollars, e.g. 30,000.`;
  };

export interface FinanceContext {
  region: Region;
  /** The fuller finance application (employment, income, living situation). */
  application: boolean;
  /** The site has several dealerships, no car names one and the site keeps the select. */
  askDealership: boolean;
  /** The consents the site asks for (../common.tsx, consentRules). */
  consents: FieldRule[];
}

const APPLICATION_RULES: FieldRule[] = [
  { name: 'employment', label: 'Employment', checks: [required('employment status', 'select')] },
  {
    name: 'income',
    label: 'Yearly income before tax',
    checks: [
      required('', 'enter', 'Please enter your yearly income before tax.'),
      dollars('Your income'),
    ],
  },
  {
    name: 'residential',
    label: 'Living situation',
    checks: [required('living situation', 'select')],
  },
];

export const FINANCE_STEPS: readonly LeadStep<FinanceContext>[] = [
  {
    id: 'finance',
    title: 'Your finance',
    rules: (c) => [
      ...contactRules(c.region, { lastNameRequired: c.application }),
      ...(c.askDealership
        ? [
            {
              name: 'preferredDealership',
              label: 'Preferred dealership',
              checks: [required('', 'select', 'Please select a dealership.')],
            },
          ]
        : []),
      {
        name: 'vehiclePriceBudget',
        label: 'Vehicle price or budget',
        checks: c.application
          ? [
              required('', 'enter', 'Please enter the vehicle price or your budget.'),
              dollars('The budget'),
            ]
          : [dollars('The budget')],
      },
      ...(c.application ? APPLICATION_RULES : []),
      {
        name: 'message',
        label: 'Message',
        checks: [maxLength(leadRequest_message_maxLength, 'Message')],
      },
      ...c.consents,
    ],
  },
];

export const financeMachine = leadMachine(FINANCE_STEPS);

import { enAU } from '../../engine/messages/en-AU.ts';

/** Every sentence a visitor can see from the form kit, in one place (wording kept exactly, spelling included; docs/forms.md). */
export const MESSAGES = {
  /** Heading of the error summary (docs/forms.md, "How every form behaves"). */
  summaryHeading: 'Please fix the following errors:',
  /** General form failure, when no answer came (docs/forms.md, "How every form behaves"). */
  formError: 'An error occurred when submitting this form',
  /** A lead submit that answered neither lead_id nor error (docs/forms.md, "How every form behaves"; "occured" is spelt so on purpose). */
  unexpected: 'An unexpected error occured',
  /** Sites requiring agreement to terms (docs/forms.md, "Enquiry form rules"). */
  terms: 'You must agree to the terms of use before submitting.',
  /** Trade-in postcode, AU and NZ (docs/forms.md, "Regional rules"). The US wording is in rules.ts. */
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  /** Geocoding found nothing (docs/content-blocks.md, "Distance from a postcode"). */
  postcodeNotFound: 'Invalid postcode',
  email: 'Please enter a valid email address, e.g. name@example.com.',
  /** en-AU wording; forms show the site's (engine/messages, docs/regions.md). */
  rego: enAU['plate.invalid'],
  captcha: 'Please answer the question to show you are not a robot.',
  captchaUnavailable: 'The security question could not be loaded. Please try again.',
  dealership: 'Please select a dealership.',
  location: 'Please select a location.',
  category: 'Please select what your enquiry is about.',
  message: 'Please enter your message.',
  /** The alert's button after a failure that may be retried (no answer, or the server failed). */
  retry: 'Try again',
  offline: 'You appear to be offline. Please check your connection and try again.',
  /** en-AU wording; the trade-in shows the site's through useSite().t (engine/messages, docs/regions.md). */
  noEstimate: enAU['tradeIn.noEstimate'],
} as const;

/** "Please enter your first name." from a field label. */
export function requiredMessage(label: string, verb: 'enter' | 'select' | 'choose' = 'enter') {
  return `Please ${verb} your ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
}

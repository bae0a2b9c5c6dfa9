/**
 * The bad inputs of tests/unit/api/validation.test.ts: for each operation of the OpenAPI
 * document that takes input, a request and the fields its 400 answer must name. `SESSION`
 * is filled in by the test before the cases run (the watchlist reads input after sign-in).
 */
export const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };

export interface Case {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The paths (and, where given, messages) expected in fields. */
  fields: (string | { path: string; message: string })[];
}

/** One request with bad input per operation that takes input, and the fields its 400 names. */
export function badInputCases(SESSION: Record<string, string>): Case[] {
  return [
    {
      operationId: 'createLead',
      method: 'POST',
      path: '/leads',
      body: {
        site: 'Not A Slug',
        submission_id: 'abc',
        isLastStep: 'yes',
        name: '',
        email: 'not-an-email',
        car_id: 0,
        car_type: 'old',
        lead_attributes: { visited_pages: ['javascript:alert(1)'] },
        colour: 'red',
      },
      fields: [
        '/colour',
        {
          path: '/site',
          message: 'is not valid: A plain lower-case name: letters, digits and single hyphens.',
        },
        '/submission_id',
        { path: '/isLastStep', message: 'must be true or false' },
        '/car_id',
        '/lead_attributes/visited_pages/0',
        { path: '/name', message: 'must not be empty' },
        { path: '/email', message: 'must be a valid email address, e.g. name@example.com' },
        { path: '/car_type', message: 'must be one of: "new", "used", "demo"' },
      ],
    },
    {
      operationId: 'createLead',
      method: 'POST',
      path: '/leads',
      body: {
        site: 'au-motors',
        submission_id: crypto.randomUUID(),
        isLastStep: true,
        name: 'No Contact',
      },
      fields: [{ path: '/phone', message: 'is required' }],
    },
    {
      operationId: 'createReservation',
      method: 'POST',
      path: '/reservations',
      body: {
        site: 'au-motors',
        submission_id: crypto.randomUUID(),
        car_id: 'no spaces',
        name: 'Jo',
        email: 'jo@example.com',
        phone: 'call me',
        event_id: 16,
      },
      fields: [
        '/car_id',
        '/phone',
        { path: '/event_id', message: 'must be one of: 14, 15, 17, 48, 22, 18, 39' },
      ],
    },
    {
      operationId: 'createLead',
      method: 'POST',
      path: '/leads',
      body: {
        site: 'au-motors',
        submission_id: crypto.randomUUID(),
        isLastStep: true,
        name: 'A',
        email: 'a@example.com',
        Rego: 'AB$1',
        url: 'ftp://x',
        extra: { 'Quote rate (%)': 10 },
        booking_date: '2025-13-01',
        lead_attributes: { linked_query_params: { ['x'.repeat(70)]: 'y' } },
      },
      fields: [
        {
          path: '/Rego',
          message:
            'is not valid: letters, numbers, spaces and hyphens only (the registration of the car the enquiry or service booking is about)',
        },
        {
          path: '/url',
          message: 'is not valid: An address on the site: absolute http(s) or a path.',
        },
        { path: '/extra', message: 'has a field name that is not allowed: "Quote rate (%)"' },
        { path: '/booking_date', message: 'must be a date written as YYYY-MM-DD' },
        { path: '/booking_time', message: 'is required' },
        { path: '/location_id', message: 'is required' },
        {
          path: '/lead_attributes/linked_query_params',
          message: `has a field name that is not allowed: "${'x'.repeat(70)}" (at most 64 characters)`,
        },
      ],
    },
    {
      operationId: 'submitForm',
      method: 'POST',
      path: '/forms/Bad_Id',
      body: { site: 'au-motors', submission_id: crypto.randomUUID(), fields: {} },
      fields: ['/formId', { path: '/fields', message: 'must have at least 1 field' }],
    },
    {
      operationId: 'submitForm',
      method: 'POST',
      path: '/forms/contact',
      body: {
        site: 'au-motors',
        submission_id: crypto.randomUUID(),
        fields: { '<b>': 'x', email: 'nope', nested: { a: 1 } },
      },
      fields: ['/fields/email', '/fields/nested', '/fields'],
    },
    {
      operationId: 'saveCar',
      method: 'POST',
      path: '/watchlist/save-car',
      headers: SESSION,
      body: { site: 'au-motors', phone_number: '0412 345 678', car_id: -1 },
      fields: ['/phone_number', '/car_id'],
    },
    {
      operationId: 'removeCar',
      method: 'POST',
      path: '/watchlist/remove-car',
      headers: SESSION,
      body: {},
      fields: ['/site', '/car_id'],
    },
    {
      operationId: 'listWatchlist',
      method: 'GET',
      path: '/watchlist',
      headers: SESSION,
      fields: [{ path: '/site', message: 'is required' }],
    },
    {
      operationId: 'saveSearch',
      method: 'POST',
      path: '/saved-searches',
      headers: SESSION,
      body: { site: 'au-motors', email: 'nope', frequency: 'weekly', url: 'x', params: {} },
      fields: ['/email', '/frequency', '/url'],
    },
    {
      operationId: 'listSavedSearches',
      method: 'GET',
      path: '/saved-searches',
      headers: SESSION,
      fields: [{ path: '/site', message: 'is required' }],
    },
    {
      operationId: 'deleteSavedSearch',
      method: 'POST',
      path: '/saved-searches/delete',
      headers: SESSION,
      body: { site: 'au-motors', id: 0 },
      fields: ['/id'],
    },
    {
      operationId: 'unsubscribePage',
      method: 'GET',
      path: '/saved-searches/unsubscribe',
      fields: [{ path: '/token', message: 'is required' }],
    },
    {
      operationId: 'unsubscribe',
      method: 'POST',
      path: '/saved-searches/unsubscribe?token=short',
      body: {},
      fields: ['/token'],
    },
    { operationId: 'me', method: 'GET', path: '/me?site=AU', headers: SESSION, fields: ['/site'] },
    {
      operationId: 'signOut',
      method: 'POST',
      path: '/sign-out',
      body: { site: 'au motors', token: 'x' },
      fields: ['/site', '/token'],
    },
    {
      operationId: 'recordPhoneReveal',
      method: 'POST',
      path: '/phone-reveals',
      body: { car_id: 'a b', website_id: '501' },
      fields: ['/car_id', { path: '/website_id', message: 'must be a whole number' }],
    },
    {
      operationId: 'recordPhoneReveal',
      method: 'POST',
      path: '/phone-reveals',
      body: { car_id: 1, website_id: 501, dealership_id: 99 },
      fields: [{ path: '/dealership_id', message: 'is not a dealership of this site' }],
    },
    {
      operationId: 'createValuation',
      method: 'POST',
      path: '/valuations',
      body: { site: 'au-motors', make: '', year: 1900, kms: -5, regoState: 'ZZ' },
      fields: ['/model', '/regoState', '/make', '/year', '/kms'],
    },
    {
      operationId: 'createValuation',
      method: 'POST',
      path: '/valuations',
      body: {
        site: 'au-motors',
        make: 'Ford',
        model: 'Ranger',
        year: 2022,
        kms: 1,
        regoState: 'CA',
      },
      fields: [{ path: '/regoState', message: "is not a state of this site's region (AU)" }],
    },
    {
      operationId: 'adjustValuation',
      method: 'POST',
      path: '/valuations/adjustments',
      body: { id: 'x', adjustmentAnswers: { condition: 'mint', sunroof: true } },
      fields: ['/id', '/adjustmentAnswers/sunroof', '/adjustmentAnswers/condition'],
    },
    {
      operationId: 'lookupRego',
      method: 'POST',
      path: '/rego-lookup',
      body: { site: 'au-motors', rego: 'AB$123', regoState: 'Queensland' },
      fields: ['/rego', '/regoState'],
    },
    {
      operationId: 'acceptOffer',
      method: 'POST',
      path: '/offers/accept',
      body: { site: 'au-motors', lead_id: '7', category: 'Trade-in', form_completed: 1 },
      fields: ['/subcategory', '/offer_accepted', '/lead_id', '/lead_secret', '/form_completed'],
    },
    {
      operationId: 'saveMiscellaneous',
      method: 'POST',
      path: '/miscellaneous',
      body: { site: 'au-motors', column_name: 'notes', value: { offer_price: -1, phone: '12' } },
      fields: ['/column_name', '/value/offer_price', '/value/phone'],
    },
    {
      operationId: 'saveMiscellaneous',
      method: 'POST',
      path: '/miscellaneous',
      body: {
        site: 'au-motors',
        column_name: 'valuation',
        value: { phone: '9999 9999', location_id: 77 },
      },
      fields: [
        '/value/phone',
        { path: '/value/location_id', message: 'is not a location of this site' },
      ],
    },
    {
      operationId: 'reviewsRating',
      method: 'GET',
      path: '/reviews/snap21?orgId=NOT%20VALID',
      fields: ['/orgId'],
    },
    {
      operationId: 'listReviews',
      method: 'GET',
      path: '/reviews?site=au-motors&limit=500&sort=asc',
      fields: ['/sort', '/limit'],
    },
    { operationId: 'getCar', method: 'GET', path: '/cars/abc', fields: ['/id'] },
    {
      operationId: 'getCarPdf',
      method: 'GET',
      path: '/cars/Bad_Slug/pdf?site=AU',
      fields: ['/slug', '/site'],
    },
    {
      operationId: 'sendSignInCode',
      method: 'POST',
      path: '/sign-in/code',
      body: { site: 'au-motors', phone_number: '12' },
      fields: ['/phone_number'],
    },
    {
      operationId: 'signIn',
      method: 'POST',
      path: '/sign-in',
      body: { site: 'au-motors', phone_number: '0412 345 678', code: '12ab' },
      fields: ['/code'],
    },
    {
      operationId: 'sendSignInCode',
      method: 'POST',
      path: '/sign-in/code',
      body: { site: 'au-motors', phone_number: '+1 608 555 0134' },
      fields: [
        {
          path: '/phone_number',
          message: 'Please enter a valid Australian phone number, e.g. 0412 345 678.',
        },
      ],
    },
    {
      operationId: 'geocodePostcode',
      method: 'GET',
      path: '/geocode?postcode=42&region=UK',
      fields: ['/region'],
    },
    {
      operationId: 'geocodePostcode',
      method: 'GET',
      path: '/geocode?postcode=4215&region=US',
      fields: [{ path: '/postcode', message: 'Invalid ZIP code. Please enter a 5-digit number.' }],
    },
    {
      operationId: 'staffLeads',
      method: 'GET',
      path: '/staff/leads?limit=0',
      headers: STAFF,
      fields: ['/site', '/limit'],
    },
    {
      operationId: 'staffFeeds',
      method: 'GET',
      path: '/staff/feeds?limit=0',
      headers: STAFF,
      fields: ['/site', '/limit'],
    },
    {
      operationId: 'staffLeadsPage',
      method: 'GET',
      path: '/staff/leads.html?token=staff-token-for-tests-0123456789&before=x',
      fields: ['/site', '/before'],
    },
    {
      operationId: 'staffResendDelivery',
      method: 'POST',
      path: '/staff/deliveries/x/resend',
      headers: STAFF,
      fields: ['/id', '/site'],
    },
    {
      operationId: 'staffResendDeliveryPage',
      method: 'POST',
      path: '/staff/deliveries/0/resend.html?token=staff-token-for-tests-0123456789',
      fields: ['/id', '/site'],
    },
  ];
}

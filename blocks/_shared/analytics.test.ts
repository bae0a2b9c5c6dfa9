// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_IDS,
  isTestDriveOnly,
  leadEventId,
  track,
  trackFavouriteAdded,
  trackLead,
  trackOfferAccepted,
} from './analytics.ts';

afterEach(() => {
  delete window.dataLayer;
});

describe('analytics event ids (docs/forms.md, Analytics)', () => {
  it('has the documented numbers', () => {
    expect(EVENT_IDS).toEqual({
      newEnquiry: 14,
      usedEnquiry: 15,
      testDriveNew: 17,
      testDriveUsed: 48,
      generalEnquiry: 22,
      offerAccepted: 18,
      favouriteAdded: 39,
    });
  });

  it('enquiries: 14 new and demo, 15 used, 22 general', () => {
    expect(leadEventId('enquiry', { car_type: 'new' })).toBe(14);
    expect(leadEventId('enquiry', { car_type: 'demo' })).toBe(14);
    expect(leadEventId('enquiry', { car_type: 'used' })).toBe(15);
    expect(leadEventId('enquiry')).toBe(22);
    expect(leadEventId('general', { car_type: 'used' })).toBe(22);
  });

  it('test drives: 17 new or Test Drive Only, 48 used', () => {
    expect(leadEventId('test-drive', { car_type: 'new' })).toBe(17);
    expect(leadEventId('test-drive', { car_type: 'demo' })).toBe(17);
    expect(leadEventId('test-drive', { car_type: 'used' })).toBe(48);
    expect(leadEventId('test-drive', { car_type: 'used', tag: ' Test Drive Only ' })).toBe(17);
    expect(leadEventId('test-drive')).toBe(17);
    expect(isTestDriveOnly({ tag: 'TEST DRIVE ONLY' })).toBe(true);
    expect(isTestDriveOnly({ tag: 'New Arrival' })).toBe(false);
  });
});

describe('dataLayer', () => {
  it('pushes {event, event_id, ...} onto window.dataLayer, creating it', () => {
    trackLead(14, { category: 'New Car Enquiry', lead_id: 5, car_id: 9 });
    trackOfferAccepted({ lead_id: 5, offer_price: 12000 });
    trackFavouriteAdded({ car_id: 9 });
    expect(window.dataLayer).toEqual([
      { event: 'lead_submitted', event_id: 14, category: 'New Car Enquiry', lead_id: 5, car_id: 9 },
      { event: 'trade_in_offer_accepted', event_id: 18, lead_id: 5, offer_price: 12000 },
      { event: 'favourite_added', event_id: 39, car_id: 9 },
    ]);
  });

  it('keeps an existing dataLayer and never throws', () => {
    window.dataLayer = [{ event: 'gtm.js' }];
    track({ event: 'x' });
    expect(window.dataLayer).toHaveLength(2);
    window.dataLayer = {
      push: () => {
        throw new Error('broken tag');
      },
    } as unknown as unknown[];
    expect(() => track({ event: 'y' })).not.toThrow();
  });
});

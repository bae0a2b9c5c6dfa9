/**
 * A chosen dealership offers only its own locations (docs/forms.md, "Enquiry form rules"):
 * the API refuses a location of another dealership than the lead's, so the form never
 * offers one, and a location chosen before the dealership goes when it is not that one's.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import EnquiryFormBlock from './index.tsx';

afterEach(() => vi.unstubAllGlobals());

const locationSelect = () => screen.getByLabelText(/^Location/) as HTMLSelectElement;
const offered = () => [...locationSelect().options].map((o) => o.value).filter((v) => v !== '');

describe('enquiry form: locations of the chosen dealership', () => {
  it('offers every sales location until a dealership is chosen, then only its own', async () => {
    fakeApi();
    const view = renderFormBlock('enquiry-form', EnquiryFormBlock, {
      site: 'southern-motor-group',
      props: { steps: 'one' },
    });
    await screen.findByLabelText(/Security question: What is 7 \+ 5\?/);
    const sales = view.site.locations.filter((l) => l.location_type === 'sales');
    expect(offered()).toEqual(sales.map((l) => String(l.id)));

    const mazda = sales.find((l) => l.dealership_slug === 'southern-mazda')!;
    const toyota = sales.find((l) => l.dealership_slug === 'southern-toyota')!;
    fireEvent.change(locationSelect(), { target: { value: String(toyota.id) } });
    fireEvent.change(screen.getByLabelText(/Dealership/), {
      target: { value: 'southern-mazda' },
    });
    expect(offered()).toEqual([String(mazda.id)]);
    // The Toyota yard chosen before is not the Mazda dealership's: it goes.
    expect(locationSelect().value).toBe('');
  });
});

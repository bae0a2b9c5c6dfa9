import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import {
  DEALERSHIP_PLACEHOLDER,
  DealershipSelect,
  dealershipOptions,
} from '../_shared/DealershipSelect.tsx';
import type { DealershipSelectProps } from '../../schemas/resolved.gen.ts';
import { prepareDemoSite, withDefaults } from '../_shared/test-utils.tsx';
import DealershipSelectBlock, { dealershipLocation } from './index.tsx';

const ONE = [{ value: 'kiwi-car-yard', label: 'Kiwi Car Yard' }];
const TWO = [
  { value: 'gold-coast-ford', label: 'Gold Coast Ford' },
  { value: 'nerang-ford', label: 'Nerang Ford' },
];

describe('dealership select', () => {
  it('starts with the placeholder "Please select a dealership..."', () => {
    render(<DealershipSelect options={TWO} />);
    const select = screen.getByRole('combobox', { name: 'Dealership' }) as HTMLSelectElement;
    expect(DEALERSHIP_PLACEHOLDER).toBe('Please select a dealership...');
    expect(select.options[0].textContent).toBe('Please select a dealership...');
    expect(select.value).toBe('');
    expect(select.name).toBe('dealership_slug');
  });

  it('auto-selects the only option, once (controlled)', () => {
    const onChange = vi.fn();
    function Form() {
      const [value, setValue] = useState('');
      return (
        <DealershipSelect
          options={ONE}
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Form />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('kiwi-car-yard');
    expect(select.value).toBe('kiwi-car-yard');
    // The visitor goes back to the placeholder: it is not selected again.
    fireEvent.change(select, { target: { value: '' } });
    expect(select.value).toBe('');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('has the only option selected from the first (server) render when uncontrolled', () => {
    const html = renderToString(<DealershipSelect options={ONE} />);
    expect(html).toMatch(/<option value="kiwi-car-yard" selected="">/);
    const onChange = vi.fn();
    render(<DealershipSelect options={ONE} onChange={onChange} />);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('kiwi-car-yard');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does not choose among several options, nor override a value', () => {
    const onChange = vi.fn();
    render(<DealershipSelect options={TWO} value="" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    render(
      <DealershipSelect options={ONE} value="kiwi-car-yard" onChange={onChange} label="Other" />,
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows and announces an error', () => {
    render(<DealershipSelect options={TWO} error="Please select a dealership." />);
    const select = screen.getByRole('combobox');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(select.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('lists the site dealerships', () => {
    const { site } = prepareDemoSite({ site: 'southern-motor-group' });
    expect(dealershipOptions(site).map((o) => o.value)).toEqual([
      'southern-toyota',
      'southern-mazda',
      'southern-hyundai',
      'southern-kia',
    ]);
    expect(dealershipLocation(site, 'southern-toyota')!.slug).toBe('southern-toyota-frankston');
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderBlockWithRouter(siteSlug: 'southern-motor-group' | 'kiwi-car-yard') {
  const { site, data } = prepareDemoSite({ site: siteSlug });
  return render(
    <SiteProvider site={site} data={data} mode="production">
      <MemoryRouter>
        <DealershipSelectBlock.component
          props={withDefaults<DealershipSelectProps>('dealership-select')}
          block={{ type: 'dealership-select', id: 'd' }}
          slots={{}}
        />
        <Where />
      </MemoryRouter>
    </SiteProvider>,
  );
}

describe('dealership select block', () => {
  it('goes to the chosen dealership location page', () => {
    renderBlockWithRouter('southern-motor-group');
    const button = screen.getByRole('button', { name: 'View dealership' });
    fireEvent.click(button);
    expect(screen.getByRole('alert').textContent).toBe('Please select a dealership.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Dealership' }), {
      target: { value: 'southern-mazda' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByTestId('where').textContent).toBe('/locations/southern-mazda-mornington');
  });

  it('auto-selects a single dealership', () => {
    renderBlockWithRouter('kiwi-car-yard');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('kiwi-car-yard');
    fireEvent.click(screen.getByRole('button', { name: 'View dealership' }));
    expect(screen.getByTestId('where').textContent).toBe('/locations/penrose');
  });
});

describe('required mark', () => {
  it('a required dealership select shows the asterisk other required fields show, hidden from assistive technology', () => {
    const { container } = render(<DealershipSelect options={TWO} required />);
    const select = screen.getByRole('combobox', { name: 'Dealership' }) as HTMLSelectElement;
    expect(select.required).toBe(true);
    const mark = container.querySelector('label .fc-field__required')!;
    expect(mark.textContent!.trim()).toBe('*');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
  });

  it('an optional one shows none', () => {
    const { container } = render(<DealershipSelect options={TWO} />);
    expect(container.querySelector('.fc-field__required')).toBeNull();
  });
});

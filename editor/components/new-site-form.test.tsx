/**
 * The create-site form shows each problem at its field (docs/editor-design.md, "Forms"),
 * in staff words, with focus on the first one, for its own checks and for the server's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { api, ApiError } from '../lib/api.ts';
import { NewSiteForm, problemsFromServer } from './NewSiteForm.tsx';

afterEach(() => vi.restoreAllMocks());

const TEMPLATES = [
  { name: 'ford', document: {}, makes: ['ford'] },
  { name: 'multi-brand-group', document: {}, makes: [] },
  { name: 'used-car-yard', document: {}, makes: [] },
];

async function form() {
  vi.spyOn(api, 'listTemplates').mockResolvedValue(TEMPLATES);
  const created = vi.fn();
  render(<NewSiteForm onCreated={created} taken={new Set(['city-motors'])} />);
  await act(async () => {});
  return created;
}

const describedBy = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('new site form', () => {
  it('shows its own checks beside each field and focuses the first', async () => {
    await form();
    fireEvent.change(screen.getByLabelText('Dealer or group name'), {
      target: { value: 'City Motors' },
    });
    fireEvent.change(document.querySelector('input[name="dealership-0-id"]')!, {
      target: { value: 'x' },
    });
    fireEvent.change(document.querySelector('input[name="dealership-0-name"]')!, {
      target: { value: 'City Ford' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create site' })));
    const slug = screen.getByLabelText('Site name (in addresses and the file name)');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(slug)).toBe('“city-motors” is already used: choose another site name.');
    const id = document.querySelector<HTMLInputElement>('input[name="dealership-0-id"]')!;
    expect(describedBy(id)).toBe('Enter a whole number from 1.');
    expect(document.activeElement).toBe(slug);
    // Nothing listed at the bottom instead.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Dealer or group name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('puts the server’s problems at their fields, in staff words', async () => {
    const created = await form();
    vi.spyOn(api, 'createSite').mockRejectedValue(
      new ApiError('the site was refused', 422, [
        {
          path: '/dealerships/0/manufacturers/0',
          message: 'must NOT have fewer than 1 characters',
          keyword: 'minLength',
          params: { limit: 1 },
        },
        { path: '/pages', message: 'something else' },
      ]),
    );
    fireEvent.change(screen.getByLabelText('Dealer or group name'), {
      target: { value: 'Harbour Cars' },
    });
    fireEvent.change(document.querySelector('input[name="dealership-0-id"]')!, {
      target: { value: '7' },
    });
    fireEvent.change(document.querySelector('input[name="dealership-0-name"]')!, {
      target: { value: 'Harbour Cars' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create site' })));
    expect(created).not.toHaveBeenCalled();
    const makes = document.querySelector<HTMLInputElement>('input[name="dealership-0-makes"]')!;
    expect(describedBy(makes)).toBe('This cannot be empty.');
    expect(document.activeElement).toBe(makes);
    expect(screen.getByRole('alert').textContent).toBe('Something else.');
  });

  it('maps a dealership’s problem to its row when empty rows were not sent', () => {
    expect(
      problemsFromServer(
        [
          {
            path: '/dealerships/1/id',
            message: 'must be >= 1',
            keyword: 'minimum',
            params: { limit: 1 },
          },
        ],
        [0, 2],
      ),
    ).toEqual({ 'dealership-2-id': 'Enter a number of at least 1.' });
    expect(
      problemsFromServer(
        [
          { path: '/slug', message: 'must be a plain name' },
          { path: '/name', message: 'is required' },
        ],
        [],
      ),
    ).toEqual({ slug: 'This must be a plain name.', name: 'This is required.' });
  });

  it('offers only the templates that fit the makes sold, and sends one that fits', async () => {
    const created = await form();
    const create = vi.spyOn(api, 'createSite').mockResolvedValue({} as never);
    const select = screen.getByLabelText<HTMLSelectElement>('Template');
    const listed = () => [...select.options].map((o) => o.value);
    // No makes yet: the brand template is not offered, a brand-neutral one is chosen.
    expect(listed()).toEqual(['multi-brand-group', 'used-car-yard', '']);
    expect(select.value).toBe('multi-brand-group');
    const makes = document.querySelector<HTMLInputElement>('input[name="dealership-0-makes"]')!;
    fireEvent.change(makes, { target: { value: 'Ford, Mazda' } });
    expect(listed()).toEqual(['ford', 'multi-brand-group', 'used-car-yard', '']);
    fireEvent.change(select, { target: { value: 'ford' } });
    expect(select.value).toBe('ford');
    // The dealer sells Mazda only after all: the Ford template goes, and is not sent.
    fireEvent.change(makes, { target: { value: 'Mazda' } });
    expect(listed()).not.toContain('ford');
    expect(select.value).toBe('multi-brand-group');
    fireEvent.change(screen.getByLabelText('Dealer or group name'), {
      target: { value: 'Sunshine Coast Mazda' },
    });
    fireEvent.change(document.querySelector('input[name="dealership-0-id"]')!, {
      target: { value: '3' },
    });
    fireEvent.change(document.querySelector('input[name="dealership-0-name"]')!, {
      target: { value: 'Sunshine Coast Mazda' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create site' })));
    expect(create.mock.calls[0][0]).toMatchObject({ template: 'multi-brand-group' });
    expect(created).toHaveBeenCalledWith('sunshine-coast-mazda');
  });
});

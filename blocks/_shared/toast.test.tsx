import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  Toaster,
  resetToasts,
  toast,
  toastReducer,
  type ToastItem,
} from './toast.tsx';

afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
  document.querySelectorAll('[data-fc-toaster]').forEach((n) => n.remove());
});

const item = (id: string): ToastItem => ({ id, title: id, open: true });

describe('toast queue (pure)', () => {
  it('holds one toast at a time, newest wins', () => {
    expect(TOAST_LIMIT).toBe(1);
    let s = toastReducer([], { type: 'add', toast: item('a') });
    s = toastReducer(s, { type: 'add', toast: item('b') });
    expect(s.map((t) => t.id)).toEqual(['b']);
  });

  it('dismiss closes, remove drops, update changes', () => {
    let s = toastReducer([], { type: 'add', toast: item('a') });
    s = toastReducer(s, { type: 'update', toast: { id: 'a', title: 'changed' } });
    expect(s[0].title).toBe('changed');
    s = toastReducer(s, { type: 'dismiss', id: 'a' });
    expect(s[0].open).toBe(false);
    expect(toastReducer(s, { type: 'remove', id: 'a' })).toEqual([]);
    expect(toastReducer(s, { type: 'remove' })).toEqual([]);
  });

  it('removes a dismissed toast after the fixed 1,000,000 ms delay (docs/forms.md, "Toasts")', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});

describe('<Toaster />', () => {
  it('announces a toast in a polite live region and replaces it with the next', () => {
    render(<Toaster />);
    act(
      () =>
        void toast({
          title: 'Car Saved In Watchlist',
          text: 'Ford Ranger is now available in your watchlist',
          link: { label: 'View List', href: '/watchlist' },
        }),
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Car Saved In Watchlist');
    expect(screen.getByRole('link', { name: 'View List' }).getAttribute('href')).toBe('/watchlist');
    act(
      () =>
        void toast({ title: 'Car Removed', text: 'Ford Ranger is no longer in your watchlist' }),
    );
    expect(status.textContent).not.toContain('Car Saved');
    expect(status.textContent).toContain('Car Removed');
  });

  it('stays until dismissed, then is removed after the delay', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Hello' }));
    act(() => vi.advanceTimersByTime(60_000));
    screen.getByText('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Hello')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY));
  });

  it('navigates on the client when the link has navigate()', () => {
    const navigate = vi.fn();
    render(<Toaster />);
    act(
      () =>
        void toast({
          title: 'Saved',
          link: { label: 'View List', href: '/x/watchlist', navigate },
        }),
    );
    fireEvent.click(screen.getByRole('link', { name: 'View List' }));
    expect(navigate).toHaveBeenCalledOnce();
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('mounts a toaster by itself when the page has none', async () => {
    act(() => void toast({ title: 'On its own' }));
    await waitFor(() =>
      expect(document.querySelector('[data-fc-toaster]')?.textContent).toContain('On its own'),
    );
  });
});

/**
 * The dealer runtime ships only the en-AU words (engine/messages/locales.runtime.ts, swapped
 * in by vite.config.ts); a page of another region brings its own in its payload.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock(
  '../../../engine/messages/locales.ts',
  () => import('../../../engine/messages/locales.runtime.ts'),
);

describe('regional words in the dealer runtime', () => {
  it('has the reference words only, until the page adds its region’s', async () => {
    const { messagesFor, regionalWords, addRegionalWords } =
      await import('../../../engine/messages/index.ts');
    const { enUS } = await import('../../../engine/messages/en-US.ts');
    expect(messagesFor('AU').m('odometer.filter')).toBe('Kilometres');
    expect(regionalWords('AU')).toEqual({});
    // A US page without its words fails loudly rather than showing Australian ones.
    expect(() => messagesFor('US')).toThrow(/en-US words are not loaded/);
    addRegionalWords('US', enUS);
    expect(messagesFor('US').m('odometer.filter')).toBe('Mileage');
    expect(messagesFor('US').display('simple_body', 'Ute')).toBe('Pickup Truck');
    expect(() => messagesFor('NZ')).toThrow(/en-NZ/);
  });
});

describe('regional words on the server', () => {
  it('are every locale’s, and a page carries only its own region’s differences', async () => {
    vi.resetModules();
    vi.doUnmock('../../../engine/messages/locales.ts');
    const { regionalWords } = await import('../../../engine/messages/index.ts');
    const { enNZ } = await import('../../../engine/messages/en-NZ.ts');
    expect(regionalWords('AU')).toEqual({});
    expect(regionalWords('NZ')).toEqual(enNZ);
  });
});

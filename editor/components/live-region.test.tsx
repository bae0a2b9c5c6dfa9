/**
 * The editor's live region (LiveRegion.tsx): words are cleared and set a frame later, so
 * the same words are read again, and announcing re-renders the region alone, not the
 * component that holds it (the whole editor, on every drop).
 */
import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { Announcer, LiveRegion } from './LiveRegion.tsx';

describe('LiveRegion', () => {
  it('says each announcement (the same words again too) without re-rendering its holder', async () => {
    const announcer = new Announcer();
    let holderRenders = 0;
    function Holder() {
      holderRenders++;
      return <LiveRegion announcer={announcer} />;
    }
    const { container } = render(<Holder />);
    const region = container.querySelector('[data-announcer]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => announcer.say('Moved Hero.'));
    await waitFor(() => expect(region.textContent).toBe('Moved Hero.'));
    act(() => announcer.say('Moved Hero.'));
    expect(region.textContent).toBe('');
    await waitFor(() => expect(region.textContent).toBe('Moved Hero.'));
    expect(holderRenders).toBe(1);
  });
});

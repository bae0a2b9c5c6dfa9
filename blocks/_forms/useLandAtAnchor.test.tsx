import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FINANCE_ANCHOR } from './links.ts';
import { useLandAtAnchor } from './useLandAtAnchor.ts';

function Page() {
  useLandAtAnchor(FINANCE_ANCHOR);
  return (
    <main>
      <p>Calculator</p>
      <div id={FINANCE_ANCHOR} tabIndex={-1}>
        <h2>Get pre-approved</h2>
      </div>
    </main>
  );
}

function visit(entry: string) {
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  const view = render(
    <MemoryRouter initialEntries={[entry]}>
      <Page />
    </MemoryRouter>,
  );
  return { scrolled, view };
}

describe('landing at a form anchor', () => {
  it('a link to #finance-form scrolls the form to the top and focuses it', () => {
    const { scrolled } = visit(`/finance?car_id=12#${FINANCE_ANCHOR}`);
    expect(document.activeElement?.id).toBe(FINANCE_ANCHOR);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' });
  });

  it('without the anchor in the address nothing moves', () => {
    const { scrolled } = visit('/finance');
    expect(document.activeElement?.id).not.toBe(FINANCE_ANCHOR);
    expect(scrolled).not.toHaveBeenCalled();
  });
});

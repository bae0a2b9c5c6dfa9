import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FaqAccordionProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import FaqAccordion, { ANIMATION_MS, REDUCED_MOTION } from './index.tsx';

afterEach(() => vi.unstubAllGlobals());

const setup = (props: Partial<FaqAccordionProps> = {}) =>
  renderBlock<FaqAccordionProps>('faq-accordion', FaqAccordion, { props });
const questions = () => screen.getAllByRole('button');

describe('FAQ accordion', () => {
  it('has five trade-in questions by default with dealer answers', () => {
    setup();
    screen.getByRole('heading', { level: 2, name: 'Trade-in FAQs' });
    expect(questions()).toHaveLength(5);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(questions()[0].textContent).toBe('How do you work out what my car is worth?');
    expect(questions()[1].textContent).toContain('finance owing');
  });

  it('opens and closes answers with button and region semantics', () => {
    setup();
    const [first, second] = questions();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(panel.getAttribute('role')).toBe('region');
    expect(panel.getAttribute('aria-labelledby')).toBe(first.id);
    expect(panel.getAttribute('data-open')).toBe('false');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(panel.getAttribute('data-open')).toBe('true');
    within(panel).getByText(/firm offer/);
    // Several may be open at once by default.
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the others when only one may be open', () => {
    setup({ allowMultiple: false });
    const [first, second] = questions();
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between questions with the arrow keys, Home and End', () => {
    setup();
    const all = questions();
    all[0].focus();
    fireEvent.keyDown(all[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(all[1]);
    fireEvent.keyDown(all[1], { key: 'End' });
    expect(document.activeElement).toBe(all[4]);
    fireEvent.keyDown(all[4], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(all[0]);
    fireEvent.keyDown(all[0], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(all[4]);
    fireEvent.keyDown(all[4], { key: 'Home' });
    expect(document.activeElement).toBe(all[0]);
  });

  it('animates over 300 ms, and not at all with reduced motion', () => {
    const { container, unmount } = setup();
    expect(ANIMATION_MS).toBe(300);
    const section = container.querySelector<HTMLElement>('.fc-faq')!;
    expect(section.style.getPropertyValue('--fc-faq-duration')).toBe('300ms');
    unmount();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === REDUCED_MOTION,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const reduced = setup();
    expect(
      reduced.container
        .querySelector<HTMLElement>('.fc-faq')!
        .style.getPropertyValue('--fc-faq-duration'),
    ).toBe('0ms');
  });

  it('sanitises answers and can describe the FAQ to search engines', () => {
    const { container } = setup({
      structuredData: true,
      items: [
        {
          question: 'Do you buy </script> cars?',
          answer: '<p>Yes <strong>we do</strong></p><script>alert(1)</script>',
        },
      ],
    });
    expect(container.querySelector('.fc-faq__answer')!.innerHTML).toBe(
      '<p>Yes <strong>we do</strong></p>',
    );
    const script = container.querySelector('script[type="application/ld+json"]')!;
    expect(script.textContent).not.toContain('</script>');
    const data = JSON.parse(script.textContent!);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'Do you buy </script> cars?',
      acceptedAnswer: { '@type': 'Answer', text: 'Yes we do' },
    });
  });
});

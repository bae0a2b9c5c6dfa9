/**
 * Two things every lead form shares (useForm.ts, Form.tsx; docs/forms.md, "How every form
 * behaves"): the lead's idempotency key is made when the form opens, not per click, and a
 * form-level error's alert takes focus and comes into view below the sticky header.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EnquiryFormBlock from '../enquiry-form/index.tsx';
import { FormFrame } from './Form.tsx';
import { MESSAGES } from './messages.ts';
import { fakeApi, renderFormBlock } from './test-helpers.tsx';
import { useForm, type FormController } from './useForm.ts';

const jsdomScroll = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = jsdomScroll;
});

describe('the submission key', () => {
  it('is made when the form opens and stays the same for every send, stored or not', async () => {
    const hook = renderHook(() => useForm({ initial: { name: 'Jo' } }));
    const key = hook.result.current.submissionId;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const sent: string[] = [];
    await act(async () => {
      await hook.result.current.submit(async (id) => {
        sent.push(id);
        return { ok: false, error: MESSAGES.formError };
      });
    });
    await act(async () => {
      await hook.result.current.submit(async (id) => {
        sent.push(id);
        return { ok: true };
      });
    });
    // A click after the answer (the page has not moved on yet) repeats the key: the API answers the stored lead.
    await act(async () => {
      await hook.result.current.submit(async (id) => {
        sent.push(id);
        return { ok: true };
      });
    });
    expect(sent).toEqual([key, key, key]);
    hook.rerender();
    expect(hook.result.current.submissionId).toBe(key);
  });

  it('differs between two forms', () => {
    const a = renderHook(() => useForm({ initial: {} }));
    const b = renderHook(() => useForm({ initial: {} }));
    expect(a.result.current.submissionId).not.toBe(b.result.current.submissionId);
  });
});

describe('the form-level alert', () => {
  function Harness({ expose }: { expose: (form: FormController) => void }) {
    const form = useForm({ initial: {} });
    expose(form);
    return (
      <FormFrame form={form} onSubmit={() => {}}>
        <input aria-label="Name" />
      </FormFrame>
    );
  }

  it('takes focus and is scrolled below the bars at the top (scroll-margin-top)', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    let form!: FormController;
    render(<Harness expose={(f) => (form = f)} />);
    screen.getByLabelText('Name').focus();
    act(() => form.fail(MESSAGES.unexpected));
    const alert = screen.getByText(MESSAGES.unexpected).closest('.fc-form-alert') as HTMLElement;
    expect(document.activeElement).toBe(alert);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    expect(scrolled.mock.contexts.at(-1)).toBe(alert);
    // jsdom has no layout, so no bar covers the top; the offset is still published for the CSS.
    expect(alert.style.getPropertyValue('--fc-top-inset')).toBe('0px');
  });

  it('on a lead form answered 500: focused, and everything typed kept', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    fakeApi({ 'POST /leads': () => ({ status: 500, json: {} }) });
    renderFormBlock('enquiry-form', EnquiryFormBlock, { props: { steps: 'one' } });
    await screen.findByLabelText(/Security question: What is 7 \+ 5\?/);
    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/First name/, 'Sam');
    type(/^Email/, 'sam@example.com');
    type(/Phone number/, '0412 345 678');
    fireEvent.change(screen.getByLabelText(/Dealership/), { target: { value: 'nerang-ford' } });
    type(/Message/, 'Is the blue one still there?');
    type(/Security question/, '12');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' })));
    const alert = (await screen.findByRole('alert')).querySelector('.fc-form-alert');
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe(
      'Is the blue one still there?',
    );
    expect((screen.getByLabelText(/Security question/) as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Sam');
  });
});

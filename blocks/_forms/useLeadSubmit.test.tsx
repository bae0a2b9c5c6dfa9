/**
 * The lead submit every lead form uses (useLeadSubmit.ts; docs/forms.md, "How every form
 * behaves"): one send per attempt, the same submission_id on a retry, the server's field
 * errors on their fields, and nothing typed lost on a failure.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LeadResult } from './api.ts';
import { MESSAGES } from './messages.ts';
import { required, type FieldRule } from './rules.ts';
import { useForm } from './useForm.ts';
import { useLeadSubmit } from './useLeadSubmit.ts';

const rules: FieldRule[] = [
  { name: 'name', label: 'First name', checks: [required('First name')] },
];
const typed = { name: 'Jo', email: 'jo@example.com' };

function setup(send: (id: string) => Promise<LeadResult>) {
  const stored = vi.fn();
  const sendMock = vi.fn(send);
  const hook = renderHook(() => {
    const form = useForm({ initial: typed });
    const lead = useLeadSubmit({ form, send: sendMock, stored });
    return { form, lead };
  });
  return { hook, send: sendMock, stored };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useLeadSubmit', () => {
  it('sends once on a double submit, and nothing more once the lead is stored', async () => {
    const answer = deferred<LeadResult>();
    const { hook, send, stored } = setup(() => answer.promise);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = hook.result.current.lead.submit(rules);
      second = hook.result.current.lead.submit(rules);
    });
    expect(hook.result.current.form.status).toBe('submitting');
    await act(async () => answer.resolve({ leadId: 7, fields: [] }));
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(send).toHaveBeenCalledOnce();
    expect(stored).toHaveBeenCalledWith(expect.objectContaining({ leadId: 7 }));
    // A click between the stored lead and the next page.
    await act(async () => void (await hook.result.current.lead.submit(rules)));
    expect(send).toHaveBeenCalledOnce();
  });

  it('a retry sends the same submission_id', async () => {
    const answers: LeadResult[] = [
      { error: MESSAGES.formError, fields: [], retryable: true },
      { leadId: 9, fields: [] },
    ];
    const { hook, send } = setup(async () => answers.shift()!);
    await act(async () => void (await hook.result.current.lead.submit(rules)));
    expect(hook.result.current.lead.canRetry).toBe(true);
    await act(async () => void (await hook.result.current.lead.retry()));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1][0]).toBe(send.mock.calls[0][0]);
    expect(send.mock.calls[0][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a 422 puts the server's errors on their fields and keeps what was typed", async () => {
    const { hook } = setup(async () => ({
      error: 'Please check the form',
      fields: [{ path: '/email', message: 'must be a valid email address' }],
    }));
    act(() => hook.result.current.form.label('email', 'Email'));
    await act(async () => void (await hook.result.current.lead.submit(rules)));
    const { form, lead } = hook.result.current;
    expect(form.status).toBe('failure');
    expect(form.errorFor('email')).toBe('Email must be a valid email address');
    expect(form.values).toEqual(typed);
    expect(lead.canRetry).toBe(false);
  });

  it('a network failure keeps what was typed and offers a retry', async () => {
    const { hook } = setup(async () => ({
      error: MESSAGES.formError,
      fields: [],
      retryable: true,
    }));
    await act(async () => void (await hook.result.current.lead.submit(rules)));
    const { form, lead } = hook.result.current;
    expect(form.formError).toBe(MESSAGES.formError);
    expect(form.values).toEqual(typed);
    expect(lead.canRetry).toBe(true);
  });

  it('sends nothing when the rules fail', async () => {
    const { hook, send } = setup(async () => ({ leadId: 1, fields: [] }));
    act(() => hook.result.current.form.set('name', ''));
    await act(async () => void (await hook.result.current.lead.submit(rules)));
    expect(send).not.toHaveBeenCalled();
    expect(hook.result.current.form.errorFor('name')).toBeDefined();
  });
});

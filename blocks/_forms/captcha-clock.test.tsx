/**
 * The captcha and the device clock (docs/forms.md, "The captcha and the device clock"): a
 * buyer whose device clock is 10 minutes fast keeps one question and what they typed; the
 * question is renewed from the server's expires_in, and only while it is unanswered.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { CAPTCHA_FIELD, MIN_RENEW_MS, RENEW_EARLY_MS, useCaptcha } from './Captcha.tsx';
import { fakeApi } from './test-helpers.tsx';
import { useForm } from './useForm.ts';

const { site } = prepareDemoSite();
const TEN_MINUTES = 600_000;

/** The API on the server's clock, which is `skewMs` behind the device's. */
function serverBehindBy(skewMs: number) {
  let n = 0;
  return fakeApi({
    'GET /captcha': () => {
      n += 1;
      const serverNow = Date.now() - skewMs;
      return {
        json: {
          token: `token-${n}`,
          question: `What is ${n} + 1?`,
          expires_at: new Date(serverNow + TEN_MINUTES).toISOString(),
          expires_in: TEN_MINUTES / 1000,
        },
      };
    },
  });
}

function setup() {
  return renderHook(() => {
    const form = useForm({ initial: {} });
    const captcha = useCaptcha(site, form, true);
    return { form, captcha };
  });
}

describe('the captcha on a device whose clock is wrong', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps its question and the answer typed when the device clock is 10 minutes fast', async () => {
    const api = serverBehindBy(TEN_MINUTES);
    const hook = setup();
    await waitFor(() => expect(hook.result.current.captcha.challenge?.question).toBeDefined());
    act(() => hook.result.current.form.set(CAPTCHA_FIELD, '2'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(30_000)));
    expect(api.calls.filter((c) => c.path === '/captcha')).toHaveLength(1);
    expect(hook.result.current.captcha.challenge?.question).toBe('What is 1 + 1?');
    expect(hook.result.current.form.values[CAPTCHA_FIELD]).toBe('2');
    expect(hook.result.current.captcha.solution()).toEqual({ token: 'token-1', answer: '2' });
  });

  it('renews an unanswered question shortly before it expires, timed from its expires_in', async () => {
    const api = serverBehindBy(TEN_MINUTES);
    const hook = setup();
    await waitFor(() => expect(hook.result.current.captcha.challenge).toBeDefined());
    await act(async () => void (await vi.advanceTimersByTimeAsync(MIN_RENEW_MS)));
    expect(api.calls.filter((c) => c.path === '/captcha')).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(TEN_MINUTES - RENEW_EARLY_MS)));
    await waitFor(() => expect(hook.result.current.captcha.challenge?.token).toBe('token-2'));
    expect(api.calls.filter((c) => c.path === '/captcha')).toHaveLength(2);
  });

  it('never renews a question behind the buyer once they answered it', async () => {
    const api = serverBehindBy(-TEN_MINUTES);
    const hook = setup();
    await waitFor(() => expect(hook.result.current.captcha.challenge).toBeDefined());
    act(() => hook.result.current.form.set(CAPTCHA_FIELD, '2'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(TEN_MINUTES)));
    expect(api.calls.filter((c) => c.path === '/captcha')).toHaveLength(1);
    expect(hook.result.current.form.values[CAPTCHA_FIELD]).toBe('2');
  });

  it('keeps the answer when the server asks for a new question, and empties it only for "New question"', async () => {
    serverBehindBy(0);
    const hook = setup();
    await waitFor(() => expect(hook.result.current.captcha.challenge).toBeDefined());
    act(() => hook.result.current.form.set(CAPTCHA_FIELD, '2'));
    act(() => hook.result.current.captcha.refresh());
    await waitFor(() => expect(hook.result.current.captcha.challenge?.token).toBe('token-2'));
    expect(hook.result.current.form.values[CAPTCHA_FIELD]).toBe('2');
    act(() => hook.result.current.captcha.ask());
    await waitFor(() => expect(hook.result.current.captcha.challenge?.token).toBe('token-3'));
    expect(hook.result.current.form.values[CAPTCHA_FIELD]).toBe('');
  });
});

/**
 * The top bar tells the truth about the server (TopBarStatus.tsx): while the draft's check
 * gets no answer it says so, with "Check again", never "No problems"; and an editor request
 * the server does not answer fails after its timeout with words that say so (lib/api.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { EditorStore } from '../lib/store/index.ts';
import { StoreContext, type IssuesValue } from '../lib/hooks.ts';
import { ApiError, request, timeoutMessage } from '../lib/api.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { STATUS_WORDS, TopBarStatus } from './TopBarStatus.tsx';

function show(issues: Partial<IssuesValue>) {
  const store = new EditorStore({ slug: 'unit-site', doc: unitSite([]) });
  const value: IssuesValue = {
    issues: [],
    byBlock: new Map(),
    pending: false,
    revision: 0,
    site: null,
    ...issues,
  };
  render(
    <StoreContext.Provider value={store}>
      <TopBarStatus issues={value} onProblems={() => undefined} />
    </StoreContext.Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the top bar and the server', () => {
  it('says "No problems" only when the server answered', () => {
    show({});
    screen.getByRole('button', { name: STATUS_WORDS.none });
    expect(screen.queryByText(STATUS_WORDS.noAnswer, { exact: false })).toBeNull();
  });

  it('says the server is not answering, and checks again on request', () => {
    const retry = vi.fn();
    show({ error: 'the draft could not be checked: the server could not be reached', retry });
    expect(screen.getByRole('alert').textContent).toContain(STATUS_WORDS.noAnswer);
    expect(screen.queryByRole('button', { name: STATUS_WORDS.none })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: STATUS_WORDS.retry }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('a request the server does not answer fails after its timeout, saying so', async () => {
    // A server that never answers: the request ends only when its signal aborts.
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const failed = await request('/sites', {}, { timeout: 50 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe(timeoutMessage(50));
    expect((failed as ApiError).status).toBe(0);
  });
});

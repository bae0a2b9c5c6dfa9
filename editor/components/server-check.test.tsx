/**
 * The draft's check (site-editor-hooks.ts useServerCheck) while staff type: the editor is not
 * re-rendered on every keystroke (that held up the preview's echo: docs/editor-design.md,
 * "Speed"), yet a link to a page the site does not have is marked at once, without the
 * server, the draft says it is being checked, and the server's check follows the pause.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import { findBlock, type Doc } from '../lib/doc.ts';
import { EditorStore } from '../lib/store/index.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { CHECK_PAUSE, useServerCheck } from './site-editor-hooks.ts';

const HERO = {
  type: 'hero',
  id: 'hero',
  props: { heading: 'Hi', actions: [{ label: 'Home', href: '/' }] },
};
const HREF = '/pages/0/blocks/0/props/actions/0/href';

function setup() {
  const check = vi
    .spyOn(api, 'check')
    .mockImplementation(async (doc: Doc) => ({ issues: [], site: doc }));
  vi.spyOn(api, 'models').mockResolvedValue([]);
  const store = new EditorStore({ slug: 'unit-site', doc: unitSite([HERO]) });
  let renders = 0;
  const hook = renderHook(() => {
    renders++;
    return useServerCheck(store);
  });
  const props = () => findBlock(store.getState().resolved, 'hero')!.block.props!;
  return { check, store, hook, renders: () => renders, props };
}

afterEach(() => vi.restoreAllMocks());

describe('the check while staff type', () => {
  it('re-renders a few times for a burst of keys, not once a key, and checks once after it', async () => {
    const { check, store, hook, renders, props } = setup();
    await waitFor(() => expect(hook.result.current.revision).toBe(0));
    expect(hook.result.current.pending).toBe(false);
    const before = renders();
    const calls = check.mock.calls.length;
    for (const c of ' and more') {
      act(() => {
        store.setProps('hero', { ...props(), heading: `${props().heading}${c}` });
      });
    }
    expect(renders() - before).toBeLessThanOrEqual(2);
    expect(hook.result.current.pending).toBe(true);
    await waitFor(() => expect(hook.result.current.revision).toBe(store.getState().revision));
    expect(hook.result.current.pending).toBe(false);
    expect(check.mock.calls.length - calls).toBe(1);
  });

  it('marks a link to a page the site does not have at once, before the server is asked', async () => {
    const { check, store, hook, props } = setup();
    await waitFor(() => expect(hook.result.current.revision).toBe(0));
    const calls = check.mock.calls.length;
    act(() => {
      store.setProps('hero', { ...props(), actions: [{ label: 'Home', href: '/no-such-page' }] });
    });
    expect(check.mock.calls.length).toBe(calls);
    const marked = hook.result.current.issues.find((i) => i.path === HREF);
    expect(marked?.message).toContain('/no-such-page');
    expect(hook.result.current.byBlock.get('hero')).toContain(marked);
    // Put back: the mark goes at once too.
    act(() => {
      store.setProps('hero', { ...props(), actions: [{ label: 'Home', href: '/' }] });
    });
    expect(hook.result.current.issues.some((i) => i.path === HREF)).toBe(false);
  });

  it('checks a pause after the last key even while the rest of the editor waits for a longer one', async () => {
    const { check, store, hook, props } = setup();
    await waitFor(() => expect(hook.result.current.revision).toBe(0));
    vi.useFakeTimers();
    try {
      const calls = check.mock.calls.length;
      const rest = vi.fn();
      store.subscribe(rest);
      for (const c of ' and more')
        store.previewFirst(
          () => store.setProps('hero', { ...props(), heading: `${props().heading}${c}` }),
          undefined,
          { untilPause: true },
        );
      await act(async () => void (await vi.advanceTimersByTimeAsync(CHECK_PAUSE)));
      expect(rest).not.toHaveBeenCalled();
      expect(check.mock.calls.length - calls).toBe(1);
      expect(check.mock.calls.at(-1)![0]).toBe(store.getState().doc);
    } finally {
      vi.useRealTimers();
    }
  });
});

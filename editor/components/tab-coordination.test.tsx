/**
 * Two tabs of one browser on one site (lib/tab-coordination.ts, TabNotice.tsx): the first
 * edits, the second follows read-only and shows the first's changes and saves; "Edit here
 * instead" hands over with the editing tab's last change, and the first tab then follows.
 * The browser's Web Locks and BroadcastChannel are stood in for by a lock queue and a
 * message hub that deliver asynchronously, as the browser does.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorStore } from '../lib/store/index.ts';
import { StoreContext } from '../lib/hooks.ts';
import {
  TabCoordination,
  type Channel,
  type Locks,
  type TabCoordinationOptions,
} from '../lib/tab-coordination.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { TAB_WORDS, TabNotice, useTabCoordination } from './TabNotice.tsx';

/** One exclusive lock per name, granted in the order asked; `ifAvailable` gets null when held. */
function fakeLocks(): Locks {
  const held = new Set<string>();
  const queues = new Map<string, Array<(lock: unknown) => Promise<unknown>>>();
  const grant = (name: string, cb: (lock: unknown) => Promise<unknown>) => {
    held.add(name);
    void Promise.resolve()
      .then(() => cb({ name }))
      .finally(() => {
        held.delete(name);
        const next = queues.get(name)?.shift();
        if (next) grant(name, next);
      });
  };
  return {
    request(name, options, cb) {
      if (!held.has(name)) grant(name, cb);
      else if (options.ifAvailable) void Promise.resolve().then(() => cb(null));
      else queues.set(name, [...(queues.get(name) ?? []), cb]);
      return Promise.resolve();
    },
  };
}

/** Channels that deliver each message to the others, later (never to the sender). */
function fakeHub() {
  const open = new Set<Channel>();
  return (): Channel => {
    const channel: Channel = {
      onmessage: null,
      postMessage(data) {
        const copy = structuredClone(data);
        for (const other of open)
          if (other !== channel) setTimeout(() => other.onmessage?.({ data: copy }), 0);
      },
      close: () => void open.delete(channel),
    };
    open.add(channel);
    return channel;
  };
}

const hero = (heading: string) => ({ type: 'hero', id: 'hero', props: { heading } });
const heading = (store: EditorStore) => {
  const block = (
    store.getState().doc.pages as Array<{ blocks: Array<{ props: { heading: string } }> }>
  )[0].blocks[0];
  return block.props.heading;
};

function Tab({
  store,
  make,
}: {
  store: EditorStore;
  make: (o: TabCoordinationOptions) => TabCoordination;
}) {
  const tabs = useTabCoordination(store, () => undefined, make);
  return (
    <section aria-label={`tab ${store.getState().slug}`} data-role={tabs.role}>
      <TabNotice {...tabs} />
    </section>
  );
}

function twoTabs() {
  const locks = fakeLocks();
  const channel = fakeHub();
  const make = (o: Omit<TabCoordinationOptions, 'locks' | 'channel'>) =>
    new TabCoordination({ ...o, locks, channel: channel(), handOverWait: 50 });
  const doc = unitSite([hero('Welcome')]);
  const a = new EditorStore({ slug: 'unit-site', doc });
  const b = new EditorStore({ slug: 'unit-site', doc });
  const view = render(
    <>
      <div data-tab="a">
        <StoreContext.Provider value={a}>
          <Tab store={a} make={make} />
        </StoreContext.Provider>
      </div>
    </>,
  );
  return {
    a,
    b,
    openB: () =>
      view.rerender(
        <>
          <div data-tab="a">
            <StoreContext.Provider value={a}>
              <Tab store={a} make={make} />
            </StoreContext.Provider>
          </div>
          <div data-tab="b">
            <StoreContext.Provider value={b}>
              <Tab store={b} make={make} />
            </StoreContext.Provider>
          </div>
        </>,
      ),
  };
}

const tab = (name: 'a' | 'b') => document.querySelector<HTMLElement>(`[data-tab="${name}"]`)!;
const roleOf = (name: 'a' | 'b') =>
  tab(name).querySelector('[data-role]')?.getAttribute('data-role');

describe('two tabs on one site', () => {
  it('the second follows the first read-only, sees its edits and saves, and can take over without losing any', async () => {
    const { a, b, openB } = twoTabs();
    await waitFor(() => expect(roleOf('a')).toBe('editing'));
    act(() => void a.setProps('hero', { heading: 'Typed in A' }));
    openB();
    await waitFor(() => expect(roleOf('b')).toBe('following'));
    // The follower shows what the editing tab has, says so, and changes nothing itself.
    await waitFor(() => expect(heading(b)).toBe('Typed in A'));
    within(tab('b')).getByText(TAB_WORDS.following, { exact: false });
    expect(within(tab('a')).queryByText(TAB_WORDS.following, { exact: false })).toBeNull();
    expect(b.setProps('hero', { heading: 'Typed in B' })).toBe(false);
    expect(b.undo()).toBe(false);

    act(() => void a.setProps('hero', { heading: 'Typed in A, twice' }));
    await waitFor(() => expect(heading(b)).toBe('Typed in A, twice'));
    // A save in the editing tab: the follower shows the saved document too.
    act(() => a.markSaved(a.getState().doc, 'v2'));
    await waitFor(() => expect(b.getState().baseVersion).toBe('v2'));
    expect(b.getState().saved).toEqual(a.getState().doc);
    expect(b.dirty).toBe(false);

    // A change the editing tab has not told yet still goes over with the hand-over.
    act(() => void a.setProps('hero', { heading: 'Last word of A' }));
    fireEvent.click(within(tab('b')).getByRole('button', { name: TAB_WORDS.takeOver }));
    await waitFor(() => expect(roleOf('b')).toBe('editing'));
    await waitFor(() => expect(roleOf('a')).toBe('following'));
    expect(heading(b)).toBe('Last word of A');
    within(tab('b')).getByText(TAB_WORDS.tookOver);
    within(tab('a')).getByRole('button', { name: TAB_WORDS.takeOver });

    // Now B edits and A follows.
    expect(a.setProps('hero', { heading: 'A again' })).toBe(false);
    act(() => void b.setProps('hero', { heading: 'Typed in B' }));
    await waitFor(() => expect(heading(a)).toBe('Typed in B'));
    expect(b.getState().baseVersion).toBe('v2');
  });

  it('edits as before where the browser has no Web Locks', async () => {
    const store = new EditorStore({ slug: 'unit-site', doc: unitSite([hero('Welcome')]) });
    const make = (o: Omit<TabCoordinationOptions, 'locks' | 'channel'>) => new TabCoordination(o);
    render(
      <StoreContext.Provider value={store}>
        <div data-tab="a">
          <Tab store={store} make={make} />
        </div>
      </StoreContext.Provider>,
    );
    await waitFor(() => expect(roleOf('a')).toBe('editing'));
    expect(store.setProps('hero', { heading: 'Still editable' })).toBe(true);
    expect(screen.queryByText(TAB_WORDS.following, { exact: false })).toBeNull();
  });
});

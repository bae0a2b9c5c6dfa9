/**
 * Tabs of one browser on one site (lib/tab-coordination.ts): the hook that makes this tab
 * edit or follow, and the notice a following tab shows with "Edit here instead"
 * (docs/editor-guide.md, "Two tabs on one site").
 */
import { useEffect, useRef, useState } from 'react';
import type { EditorStore } from '../lib/store/index.ts';
import {
  browserTabCoordination,
  type TabCoordination,
  type TabCoordinationOptions,
  type TabRole,
} from '../lib/tab-coordination.ts';

export const TAB_WORDS = {
  following:
    'This site is open for editing in another tab of this browser. This tab follows it read-only and shows its changes and saves, so neither tab overwrites the other.',
  takeOver: 'Edit here instead',
  taking: 'Taking over from the other tab…',
  tookOver: 'You edit the site in this tab now; the other tab follows it read-only.',
} as const;

/** How soon the editing tab tells the others of a change (a burst of typing goes as one). */
const TELL_PAUSE = 100;

type Make = (options: Omit<TabCoordinationOptions, 'locks' | 'channel'>) => TabCoordination;

/**
 * Makes this tab edit the site or follow the tab that does. `flush` writes the pending
 * autosave (before a hand-over). The store refuses changes while following.
 */
export function useTabCoordination(
  store: EditorStore,
  flush: () => void,
  make: Make = browserTabCoordination,
): { role: TabRole; takeOver: () => void; taking: boolean } {
  const [role, setRole] = useState<TabRole>('starting');
  const [taking, setTaking] = useState(false);
  const tabs = useRef<TabCoordination>(undefined);
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const { slug } = store.getState();
    const t = make({
      slug,
      read: () => {
        const { doc, saved, baseVersion } = store.getState();
        return { doc, saved, baseVersion };
      },
      adopt: (state) => store.adopt(state),
      flush: () => flushRef.current(),
      onRole: (r) => {
        store.setReadOnly(r !== 'editing');
        setRole(r);
        if (r !== 'following') setTaking(false);
      },
    });
    tabs.current = t;
    let last = store.getState();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      if (s.doc === last.doc && s.saved === last.saved && s.baseVersion === last.baseVersion)
        return;
      last = s;
      clearTimeout(timer);
      timer = setTimeout(() => t.broadcast(), TELL_PAUSE);
    });
    t.start();
    return () => {
      clearTimeout(timer);
      unsubscribe();
      t.stop();
      store.setReadOnly(false);
    };
  }, [store, make]);
  return {
    role,
    taking,
    takeOver: () => {
      setTaking(true);
      tabs.current?.takeOver();
    },
  };
}

export function TabNotice({
  role,
  taking,
  takeOver,
}: {
  role: TabRole;
  taking: boolean;
  takeOver: () => void;
}) {
  const [wasFollowing, setWasFollowing] = useState(false);
  useEffect(() => {
    if (role === 'following') setWasFollowing(true);
  }, [role]);
  if (role === 'editing' && wasFollowing)
    return (
      <div className="fc-notices">
        <div className="fc-notice is-ok" role="status" data-notice="tab">
          {TAB_WORDS.tookOver}
        </div>
      </div>
    );
  if (role !== 'following') return null;
  return (
    <div className="fc-notices">
      <div className="fc-notice is-warning" role="status" data-notice="tab">
        {TAB_WORDS.following}{' '}
        <button type="button" onClick={takeOver} disabled={taking}>
          {taking ? TAB_WORDS.taking : TAB_WORDS.takeOver}
        </button>
      </div>
    </div>
  );
}

import type { MouseEvent as ReactMouseEvent } from 'react';
import { copySelection } from '../../lib/actions.ts';
import { useAnnounce, useEditor, useStore } from '../../lib/hooks.ts';
import {
  cutWithFocus,
  duplicateWithFocus,
  pasteWithFocus,
  removeWithFocus,
} from './actions-with-focus.ts';
import type { FocusFrom } from './focus.ts';
import { useClipboard } from './useClipboard.ts';

/** Copy, cut, paste, duplicate and remove for the selection (one block or several). */
export function BlockActions({ label = 'Block actions' }: { label?: string }) {
  const store = useStore();
  const announce = useAnnounce();
  const clip = useClipboard();
  const count = useEditor((s) => s.selection.length);
  const what = count > 1 ? `the ${count} selected blocks` : 'the selected block';
  // Focus stays on the pressed button while it is still there and enabled (a toolbar's
  // buttons keep focus); when it is gone (the Inspector's summary, once one block or none
  // is selected) or disabled, it goes to the outline, as after the outline's keys.
  const keepingFocus =
    (run: (then: FocusFrom) => void) => (e: ReactMouseEvent<HTMLButtonElement>) =>
      run({ keep: e.currentTarget });
  return (
    <div className="fc-actions" role="toolbar" aria-label={label}>
      <button
        type="button"
        disabled={!count}
        onClick={() => copySelection(store, announce)}
        title={`Copy ${what} (Ctrl+C)`}
      >
        Copy
      </button>
      <button
        type="button"
        disabled={!count}
        onClick={keepingFocus((then) => cutWithFocus(store, announce, then))}
        title={`Cut ${what} (Ctrl+X)`}
      >
        Cut
      </button>
      <button
        type="button"
        disabled={!clip}
        onClick={keepingFocus((then) => pasteWithFocus(store, announce, then))}
        title={clip ? `Paste ${clip} (Ctrl+V)` : 'Nothing copied yet'}
      >
        Paste
      </button>
      <button
        type="button"
        disabled={!count}
        onClick={keepingFocus((then) => duplicateWithFocus(store, announce, then))}
        title={`Duplicate ${what} (Ctrl+D)`}
      >
        Duplicate
      </button>
      <button
        type="button"
        disabled={!count}
        onClick={keepingFocus((then) => removeWithFocus(store, announce, then))}
        title={`Remove ${what} (Delete)`}
      >
        Remove
      </button>
    </div>
  );
}

import isEqual from 'lodash-es/isEqual.js';
import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';

/**
 * What a generated form is handed back after a change: the form's own data while the
 * store still holds what was stored from it, else the store's value (undo, another
 * block, a change made elsewhere).
 *
 * rjsf fills schema defaults into any field left empty, and the store leaves those out
 * (docs/editor-design.md, "The document model"). Handing the form the stored value would put a
 * default back into a field staff just cleared, and their next keystrokes would be
 * appended to it (`#1f3a93#0a0`). Handing back the form's own data keeps the cleared field
 * empty while they type; the default still applies where the block renders.
 *
 * The echo of a keystroke comes when the keys pause (the block form tells the store's other
 * listeners then: docs/editor-design.md, "Speed"), and a change made before it (undo pressed
 * at once) can bring back the very value the form was last handed, which rjsf ignores; and
 * a text input keeps the keys it typed shown until the form's value for it changes
 * (typing-form.tsx), which it never does when rjsf did not take them. So whenever the form
 * has not been handed its own last report and the store holds something else, it is first
 * handed that report, then, in the same commit, the value.
 */
export function useFormEcho<T>(
  key: string | undefined,
  value: T,
): { shown: T; remember: (key: string, formData: unknown, stored: T) => void } {
  const last = useRef<{ key: string; formData: unknown; stored: T }>(undefined);
  const handed = useRef<{ key: string | undefined; value: unknown }>(undefined);
  const [, again] = useReducer((n: number) => n + 1, 0);
  const echo = last.current;
  const ours = echo && echo.key === key ? echo : undefined;
  let shown = ours && isEqual(ours.stored, value) ? (ours.formData as T) : value;
  // The form has not been handed its own last report (a key its text input kept to itself,
  // typing-form.tsx, or a value equal to the one it was last handed), and the store now holds
  // something else: it is handed that report first.
  const stale =
    shown === value &&
    !!ours &&
    handed.current !== undefined &&
    handed.current.key === key &&
    !isEqual(handed.current.value, ours.formData) &&
    !isEqual(ours.formData, value);
  if (stale) shown = ours.formData as T;
  useLayoutEffect(() => {
    handed.current = { key, value: shown };
    if (stale) again();
  });
  const remember = useCallback((key: string, formData: unknown, stored: T) => {
    last.current = { key, formData, stored };
  }, []);
  return { shown, remember };
}

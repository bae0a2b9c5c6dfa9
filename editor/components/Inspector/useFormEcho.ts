import isEqual from 'lodash-es/isEqual.js';
import { useCallback, useRef } from 'react';

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
 */
export function useFormEcho<T>(
  key: string | undefined,
  value: T,
): { shown: T; remember: (key: string, formData: unknown, stored: T) => void } {
  const last = useRef<{ key: string; formData: unknown; stored: T }>(undefined);
  const echo = last.current;
  // Keyed (a block id, a settings section), so another form never gets this one's data.
  const shown =
    echo && echo.key === key && isEqual(echo.stored, value) ? (echo.formData as T) : value;
  const remember = useCallback((key: string, formData: unknown, stored: T) => {
    last.current = { key, formData, stored };
  }, []);
  return { shown, remember };
}

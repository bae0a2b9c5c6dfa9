/** Setting a top-level setting to a wanted resolved value, storing the smallest override of the template (doc.ts overrideFor). */
import isEqual from 'lodash-es/isEqual.js';
import { overrideFor, UNSET } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';

export function setSetting(state: EditorState, key: string, value: unknown): Change {
  const o = overrideFor(state.template?.[key], value, state.doc[key]);
  return {
    label: `Edit ${key}`,
    recipe: (draft) => {
      if (o === UNSET) delete draft[key];
      else if (!isEqual(draft[key], o)) draft[key] = o;
    },
    options: { coalesce: `setting:${key}` },
  };
}

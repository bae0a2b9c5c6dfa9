/**
 * Setting a feature switch on the site, or (undefined) dropping the site's value so the
 * template's or the default applies. Typing a text or number value is one undo step.
 */
import type { Change } from '../state.ts';

export function setFeature(key: string, value: unknown): Change {
  return {
    label:
      value === undefined ? `Reset switch ${key}` : `Set switch ${key} to ${JSON.stringify(value)}`,
    recipe: (draft) => {
      if (value === undefined) {
        if (draft.features && typeof draft.features === 'object') {
          delete draft.features[key];
          if (!Object.keys(draft.features).length) delete draft.features;
        }
        return;
      }
      if (!draft.features || typeof draft.features !== 'object') draft.features = {};
      draft.features[key] = value;
    },
    options: {
      coalesce:
        typeof value === 'string' || typeof value === 'number' ? `feature:${key}` : undefined,
    },
  };
}

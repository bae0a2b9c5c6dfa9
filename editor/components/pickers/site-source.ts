/**
 * Where the pickers read the site being edited: the editor store's resolved document
 * (template merged), and the catalogue models of the makes it sells. A form shown without
 * a store (a test, a dialog before a site is open) simply offers nothing to pick.
 */
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Model } from '../../../schemas/types.gen.ts';
import { api } from '../../lib/api.ts';
import type { Doc } from '../../lib/doc.ts';
import { StoreContext } from '../../lib/hooks.ts';
import type { EditorState } from '../../lib/store/index.ts';
import { siteMakes } from './site-options.ts';

const NO_SUBSCRIPTION = () => () => undefined;

/**
 * A slice of the editor state, read only while `active`: a closed page picker must not
 * re-render on every keystroke elsewhere on the page (docs/editor-design.md, "Pickers").
 */
export function useSiteSlice<T>(selector: (s: EditorState) => T, active = true): T | undefined {
  const store = useContext(StoreContext);
  const live = Boolean(store && active);
  return useSyncExternalStore(live ? store!.subscribe : NO_SUBSCRIPTION, () =>
    live ? selector(store!.getState()) : undefined,
  );
}

const resolvedOf = (s: EditorState) => s.resolved as Doc;
const slugOf = (s: EditorState) => s.slug;

export const useResolvedSite = (active = true) => useSiteSlice(resolvedOf, active);
export const useSiteSlug = () => useSiteSlice(slugOf);

/** Catalogue models per makes list, fetched once per page load (they do not change while editing). */
const modelCache = new Map<string, Promise<Model[]>>();

/** The site's model range (catalogue models of its makes), once loaded; undefined until then or when not wanted. */
export function useSiteModels(doc: Doc | undefined, wanted: boolean): Model[] | undefined {
  const makes = siteMakes(doc).join(',');
  const [loaded, setLoaded] = useState<{ makes: string; models: Model[] }>();
  useEffect(() => {
    if (!wanted || !makes) return;
    let live = true;
    let request = modelCache.get(makes);
    if (!request) {
      request = api.models(makes.split(',')).then((m) => m as Model[]);
      // A failed request is asked again next time rather than remembered.
      request.catch(() => modelCache.delete(makes));
      modelCache.set(makes, request);
    }
    request.then(
      (models) => live && setLoaded({ makes, models }),
      () => live && setLoaded({ makes, models: [] }),
    );
    return () => {
      live = false;
    };
  }, [makes, wanted]);
  if (!wanted) return undefined;
  if (!makes) return [];
  return loaded?.makes === makes ? loaded.models : undefined;
}

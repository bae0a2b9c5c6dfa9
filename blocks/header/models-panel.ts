/**
 * The models panel's code, apart from the header's: a page loads it when a visitor wants the
 * menu (a pointer over it, focus on its button, opening it), not with the page. The server
 * loads it before rendering (the header's `load`) and renders the panel into the page's HTML,
 * which stays until then (Dropdown.tsx, `deferred`; docs/render.md, "The closed models menu").
 */
type Panel = typeof import('./ModelsPanel.tsx').ModelsPanel;

let loaded: Panel | undefined;
let loading: Promise<Panel> | undefined;

/** The panel, if its code is here (always on the server, once the header's `load` ran). */
export const loadedModelsPanel = (): Panel | undefined => loaded;

export function loadModelsPanel(): Promise<Panel> {
  loading ??= import('./ModelsPanel.tsx').then((m) => (loaded = m.ModelsPanel));
  // A failed load may be tried again at the next want.
  loading.catch(() => (loading = undefined));
  return loading;
}

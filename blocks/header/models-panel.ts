/**
 * The models panel's code, apart from the header's: a page loads it when a visitor wants the
 * menu (a pointer over it, focus on its button, opening it), not with the page. The server
 * loads it before rendering (the header's `load`) and renders the panel into the page's HTML,
 * which stays until then (Dropdown.tsx, `deferred`; docs/render.md, "The closed models menu").
 */
import { codeOnDemand } from '../_shared/code-on-demand.ts';

const panel = codeOnDemand(() => import('./ModelsPanel.tsx').then((m) => m.ModelsPanel));

/** The panel, if its code is here (always on the server, once the header's `load` ran). */
export const loadedModelsPanel = panel.loaded;

export const loadModelsPanel = panel.load;

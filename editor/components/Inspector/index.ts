/**
 * The right-hand panels: the selected block's props, the page, feature switches, site
 * settings and the list of problems. Every form is generated from the schemas.
 */
export { BlockInspector } from './BlockInspector.tsx';
export { FeaturePanel } from './FeaturePanel.tsx';
export { PageInspector } from './PageInspector.tsx';
export { ProblemsPanel } from './ProblemsPanel.tsx';
export { SettingsPanel } from './SettingsPanel.tsx';

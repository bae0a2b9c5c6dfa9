/**
 * The dealer runtime's locales.ts (vite.config.ts): the en-AU reference only. A page of a
 * site in another region brings its region's words in its payload, and the runtime adds
 * them before the first render (engine/render/client.tsx), so no page ships a catalogue
 * it does not show (docs/cars.md, "Page weight").
 */
import type { Catalogue } from './en-AU.ts';

export const LOCALE_OVERRIDES: Partial<Record<string, Partial<Catalogue>>> = { 'en-AU': {} };

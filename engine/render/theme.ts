/** The site theme as CSS custom properties (blocks style themselves with var(--fc-*)). */
import type { ResolvedSite } from '../site/types.ts';

const FONTS: Record<ResolvedSite['theme']['font'], string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  rounded: 'ui-rounded, "SF Pro Rounded", system-ui, sans-serif',
};

/** The breakpoints (docs/decisions.md, "Documents and rendering"), shared by every block stylesheet (see blocks/base.css). */
export const BREAKPOINTS = [400, 576, 768, 992, 1200, 1400] as const;

export function themeCss(site: ResolvedSite): string {
  const c = site.theme.colours;
  const vars: Record<string, string> = {
    '--fc-primary': c.primary,
    '--fc-primary-text': c.primaryText,
    '--fc-accent': c.accent,
    '--fc-header-bg': c.headerBackground,
    '--fc-header-text': c.headerText,
    '--fc-footer-bg': c.footerBackground,
    '--fc-footer-text': c.footerText,
    '--fc-font': FONTS[site.theme.font] ?? FONTS.system,
    '--fc-radius': `${site.theme.radius}px`,
  };
  // Values come from schema-validated patterns (#hex, integers, fixed font stacks).
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

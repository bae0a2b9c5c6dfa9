/**
 * Which templates the "New site" form offers (docs/editor-design.md, "New site"): only those
 * that fit the makes the dealer sells, so creating a site never fails on a make the template
 * names and the dealer does not have. A brand-neutral template fits every dealer.
 */
import { fitsMakes } from '../../engine/site/template-makes.ts';
import type { Doc } from './doc.ts';

export interface TemplateInfo {
  name: string;
  document: Doc;
  /** The makes (web names) the template names; none for a brand-neutral one. */
  makes: string[];
}

/** The makes the form's dealership rows say are sold ("Ford, Mazda" per row). */
export function makesSold(rows: ReadonlyArray<{ manufacturers: string }>): string[] {
  return rows.flatMap((r) =>
    r.manufacturers
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  );
}

/** The templates that fit, those made for the dealer's own makes first (then by name). */
export function fittingTemplates(templates: TemplateInfo[], sold: string[]): TemplateInfo[] {
  return templates
    .filter((t) => fitsMakes(t.makes, sold))
    .sort((a, b) => b.makes.length - a.makes.length || a.name.localeCompare(b.name));
}

/**
 * The template the form sends: the one staff picked while it fits ('' is "no template"),
 * else the first that fits.
 */
export function chosenTemplate(picked: string | undefined, fitting: TemplateInfo[]): string {
  if (picked === '' || (picked && fitting.some((t) => t.name === picked))) return picked;
  return fitting[0]?.name ?? '';
}

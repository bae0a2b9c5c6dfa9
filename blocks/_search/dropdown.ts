/**
 * Options of a select filter. For makes (docs/search-ui.md, "Filters"): a "Popular makes" header first,
 * the most stocked makes under it, and the "All makes" header as the 21st item, followed
 * by every make A–Z. Short lists (no more makes than fit under the popular header) show
 * plainly, without headers.
 */

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

export type DropdownItem = { kind: 'header'; label: string } | ({ kind: 'option' } & FacetOption);

export interface DropdownOptions {
  popularHeader?: string;
  allHeader?: string;
  /** 1-based position of the "all" header (21: header + 19 popular + header). */
  allHeaderAt?: number;
}

export const POPULAR_HEADER = 'Popular makes';
export const ALL_HEADER = 'All makes';
export const ALL_HEADER_POSITION = 21;

const byName = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label);

export function dropdownItems(
  values: readonly FacetOption[],
  options: DropdownOptions = {},
): DropdownItem[] {
  const allAt = options.allHeaderAt ?? ALL_HEADER_POSITION;
  const popularSlots = allAt - 2;
  const all = [...values].sort(byName).map((v): DropdownItem => ({ kind: 'option', ...v }));
  if (values.length <= popularSlots) return all;
  const popular = [...values]
    .sort((a, b) => b.count - a.count || byName(a, b))
    .slice(0, popularSlots)
    .map((v): DropdownItem => ({ kind: 'option', ...v }));
  return [
    { kind: 'header', label: options.popularHeader ?? POPULAR_HEADER },
    ...popular,
    { kind: 'header', label: options.allHeader ?? ALL_HEADER },
    ...all,
  ];
}

/** Groups items under their headers (for <optgroup>); options before any header form a group without a label. */
export function groupDropdown(
  items: readonly DropdownItem[],
): { label?: string; options: FacetOption[] }[] {
  const groups: { label?: string; options: FacetOption[] }[] = [];
  for (const item of items) {
    if (item.kind === 'header') groups.push({ label: item.label, options: [] });
    else {
      if (!groups.length) groups.push({ options: [] });
      const { kind: _kind, ...option } = item;
      groups[groups.length - 1].options.push(option);
    }
  }
  return groups;
}

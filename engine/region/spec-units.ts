/**
 * Car specifications in the region's units (docs/regions.md, "Units"): a region that reads
 * a stored metric unit in another lists it here; a region not listed, or a unit it does not
 * list, shows the value as stored. Apart from the region table so that only the pages that
 * show specifications (the car page, compare, the PDF) carry it, not every page.
 */
import type { Region } from '../../schemas/types.gen.ts';
import { DEFAULT_REGION, formatNumber, regionSettings } from '../region.ts';

/**
 * How a specification stored in a metric unit is shown: the Intl unit it becomes (`unit`,
 * formatted by Intl.NumberFormat) or, for a unit Intl has none for (hp, lb-ft), a `suffix`;
 * `per` stored units make one shown unit.
 */
export interface SpecUnit {
  per: number;
  unit?: string;
  suffix?: string;
  /** Decimals shown (none unless said). */
  digits?: number;
}

/** Stored units (the car schema's `x-unit`: mm, kg, L, kW, Nm) shown in another, by region. */
export const SPEC_UNITS: Partial<Record<Region, Readonly<Partial<Record<string, SpecUnit>>>>> = {
  // US buyers read dimensions in inches, weights in pounds, tanks in gallons, power in
  // horsepower and torque in pound-feet; engine sizes stay in litres (x-format decimal1).
  US: {
    mm: { unit: 'inch', per: 25.4, digits: 1 },
    kg: { unit: 'pound', per: 0.45359237 },
    L: { unit: 'gallon', per: 3.785411784, digits: 1 },
    kW: { suffix: 'hp', per: 0.745699872 },
    Nm: { suffix: 'lb-ft', per: 1.3558179483 },
  },
};

/** Whether the region shows `unit` in another unit. */
export function convertsSpec(unit: string, region: Region = DEFAULT_REGION): boolean {
  return Boolean(SPEC_UNITS[region]?.[unit]);
}

const specFormats = new Map<string, Intl.NumberFormat>();

/** A specification stored in `unit`, in the region's unit: "4,750 mm" in Australia, "187 in" in the US. */
export function formatSpec(value: number, unit: string, region: Region = DEFAULT_REGION): string {
  const to = SPEC_UNITS[region]?.[unit];
  if (!to) return `${formatNumber(value, region)} ${unit}`;
  const { locale } = regionSettings(region);
  const shown = value / to.per;
  const key = `${locale} ${to.unit ?? ''} ${to.digits ?? 0}`;
  let fmt = specFormats.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, {
      ...(to.unit ? { style: 'unit', unit: to.unit, unitDisplay: 'short' } : {}),
      maximumFractionDigits: to.digits ?? 0,
    });
    specFormats.set(key, fmt);
  }
  return to.unit ? fmt.format(shown) : `${fmt.format(shown)} ${to.suffix ?? unit}`;
}

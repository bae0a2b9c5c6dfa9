/**
 * Checked pages kept for the next site that has the same page: sites made from one
 * template inherit the same pages, and one platform serves many such sites. A page whose
 * resolved text was checked before is not validated, completed and sanitised again, and
 * every site that has it holds the one (frozen) copy (docs/deploy.md, "Memory and start-up").
 * Only pages that passed the schema are kept; the text is the page as resolved, before
 * its defaults are filled.
 */
import type { Page } from './types.ts';

/** Distinct pages kept; past this the memory starts again (a bound, not a tuning knob). */
export const SHARED_PAGES_LIMIT = 5_000;

export class SharedPages {
  private readonly byText = new Map<string, Page>();

  constructor(private readonly limit = SHARED_PAGES_LIMIT) {}

  get(text: string): Page | undefined {
    return this.byText.get(text);
  }

  /** Keeps a checked page, frozen so that no site can change what another site shows. */
  keep(text: string, page: Page): Page {
    if (this.byText.size >= this.limit) this.byText.clear();
    this.byText.set(text, deepFreeze(page));
    return page;
  }
}

/** Freezes the value and everything it holds. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

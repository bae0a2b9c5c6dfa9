/**
 * The car rules (docs/cars.md) as pure functions: what a card or a
 * detail page shows for a car on a site. Nothing here renders or touches the browser, so
 * every rule is unit-tested on its own (rules.test.ts); the components only ask.
 *
 * A car here is any part of the Car record (a search hit carries only the fields asked
 * for), so every rule reads its fields defensively.
 *
 * One module per concern in rules/; this file is their one import path.
 */
export type { CarLike, Features } from './rules/car.ts';
export * from './rules/constants.ts';
export * from './rules/status.ts';
export * from './rules/tags.ts';
export * from './rules/price.ts';
export * from './rules/finance.ts';
export * from './rules/badges.ts';
export * from './rules/links.ts';
export * from './rules/buttons.ts';
export * from './rules/favourites.ts';
export * from './rules/text.ts';
export * from './rules/spec-values.ts';
export * from './rules/sidebar.ts';

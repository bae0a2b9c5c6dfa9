/** What a car rule reads: any part of a car (a search hit carries only the fields asked for), and the site's features. */
import type { Car } from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';

export type CarLike = Partial<Car> & { id?: number | string; objectID?: string };
export type Features = ResolvedSite['features'];
export type SiteLike = Pick<ResolvedSite, 'features'>;

/** A finite number (the car record's optional figures may be null or missing). */
export const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

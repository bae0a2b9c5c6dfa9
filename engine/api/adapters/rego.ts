/**
 * Registration lookup: a plate and state to the vehicle registered under them. The platform
 * has no registry of its own; without one every plate is "not found" and the trade-in form
 * asks for the details. The demo plugs in a fake registry (demo/rego.ts); a dealer plugs in a
 * paid data service behind the same interface.
 */
import type { RegisteredVehicle, RegoState } from '../../../schemas/types.gen.ts';

export interface RegoRegistry {
  lookup(rego: string, state: RegoState, now: Date): Promise<RegisteredVehicle | undefined>;
}

/** Upper case, no spaces or dashes: "abc 123" and "ABC-123" are one plate. */
export const normaliseRego = (rego: string) => rego.toUpperCase().replace(/[\s-]/g, '');

/** No registry: no plate is found. */
export function noRegoRegistry(): RegoRegistry {
  return { lookup: async () => undefined };
}

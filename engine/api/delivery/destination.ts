/**
 * Which web addresses a lead may be posted to (docs/leads-crm.md, "Where a lead may be
 * posted"). A destination is typed by a dealer's staff into the site document, and the
 * platform serves many dealers, so a URL must not reach this machine (its staff API on
 * loopback), the private network or a cloud's metadata service: in production only HTTPS to
 * public unicast addresses. In development and tests, plain HTTP is allowed to loopback only,
 * and any address may be reached. The addresses a name resolves to are checked when the
 * connection is made (`guardedLookup`), so a name cannot resolve to a public address for a
 * check and a private one for the request.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ipLiteral, isLoopback, PUBLIC_ONLY } from '../../net/address-policy.ts';

export interface DestinationPolicy {
  /** Development and tests: HTTP to loopback, and private and loopback addresses, allowed. */
  allowLocal: boolean;
}

export const DESTINATION_MESSAGES = {
  notUrl: 'is not a web address',
  notHttps: 'must start with https://',
  httpNotLoopback: 'may use http:// only for this machine (localhost) in development',
  notPublic: (address: string) =>
    `leads to ${address}, which is not a public internet address (this machine, a private network or a reserved range)`,
} as const;

/** A destination the policy does not allow: refused, never retried. */
export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

/** Why the policy refuses to connect to `address` over `protocol`, or undefined. */
function addressRefusal(address: string, protocol: string, policy: DestinationPolicy) {
  if (protocol === 'http:' && !isLoopback(address)) return DESTINATION_MESSAGES.httpNotLoopback;
  if (!policy.allowLocal && PUBLIC_ONLY.refusal(address))
    return DESTINATION_MESSAGES.notPublic(address);
  return undefined;
}

/**
 * The destination as a URL, or DestinationRefused saying why not: checks what can be checked
 * before connecting (the scheme, and the address when the URL gives one).
 */
export function checkDestination(url: string, policy: DestinationPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DestinationRefused(DESTINATION_MESSAGES.notUrl);
  }
  const { protocol, hostname } = parsed;
  if (protocol !== 'https:' && !(protocol === 'http:' && policy.allowLocal))
    throw new DestinationRefused(
      protocol === 'http:' || protocol === 'https:'
        ? DESTINATION_MESSAGES.notHttps
        : DESTINATION_MESSAGES.notUrl,
    );
  if (protocol === 'http:' && hostname !== 'localhost' && !ipLiteral(hostname))
    throw new DestinationRefused(DESTINATION_MESSAGES.httpNotLoopback);
  const literal = ipLiteral(hostname);
  const refusal = literal && addressRefusal(literal, protocol, policy);
  if (refusal) throw new DestinationRefused(refusal);
  return parsed;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves the name and refuses the connection when any
 * of its addresses is one the policy does not allow (DestinationRefused).
 */
export function guardedLookup(protocol: string, policy: DestinationPolicy): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const { address } of addresses) {
        const refusal = addressRefusal(address, protocol, policy);
        if (refusal) return callback(new DestinationRefused(refusal), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

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
import { BlockList, isIP, type LookupFunction } from 'node:net';

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

/** [address, prefix] of every range that is not public unicast (IANA special-purpose registries). */
const NOT_PUBLIC: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 96, 'ipv6'], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96, 'ipv6'], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: an IPv4 address inside
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local
  ['ff00::', 8, 'ipv6'], // multicast
];
const notPublic = new BlockList();
for (const [address, prefix, type] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, type);

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether the address is public unicast (IPv4-mapped IPv6 is checked as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  return isIP(address) !== 0 && !notPublic.check(address, family(address));
}

const isLoopback = (address: string) => loopback.check(address, family(address));

/** The host's address when the URL names one (`[::1]` → `::1`). */
const ipLiteral = (hostname: string) => {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : undefined;
};

/** Why the policy refuses to connect to `address` over `protocol`, or undefined. */
function addressRefusal(address: string, protocol: string, policy: DestinationPolicy) {
  if (protocol === 'http:' && !isLoopback(address)) return DESTINATION_MESSAGES.httpNotLoopback;
  if (!policy.allowLocal && !isPublicAddress(address))
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

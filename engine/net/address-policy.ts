/**
 * Which addresses the platform may connect to for what dealers typed (a stock feed's photos,
 * a lead's CRM; docs/security.md, "Stock import"): public unicast only. Such an address must
 * not reach this machine (the staff API on loopback), the private network, a cloud's
 * metadata service or anything else that is not on the public internet. IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`) is checked as the IPv4 address it is (net.BlockList does so).
 */
import { BlockList, isIP } from 'node:net';

/** [address, prefix] of every range refused (IANA special-purpose registries, IPv4 and IPv6). */
const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT: inside a provider's network
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const REFUSED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: another way to write an IPv4 address
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [a, p] of REFUSED_V4) refused.addSubnet(a, p, 'ipv4');
for (const [a, p] of REFUSED_V6) refused.addSubnet(a, p, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether the address is this machine's own (IPv4-mapped forms included). */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The plain address of a URL host (`[::1]` → `::1`), or undefined for a name. */
export function ipLiteral(host: string): string | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : undefined;
}

/**
 * Where an import may connect. `allow` lists addresses or subnets (`127.0.0.1`,
 * `10.0.0.0/8`, `::1`) let through although they are not public: tests' local servers, or
 * an operator's own photo server on the private network. Nothing else is configurable.
 */
export class AddressPolicy {
  private readonly allowed = new BlockList();

  constructor(allow: readonly string[] = []) {
    for (const entry of allow) {
      const [address, prefix] = entry.split('/');
      const family = isIP(address);
      if (!family) throw new Error(`${JSON.stringify(entry)} is not an address or subnet`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.allowed.addAddress(address, type);
      else this.allowed.addSubnet(address, Number(prefix), type);
    }
  }

  /** Why `address` may not be connected to, or undefined when it may. */
  refusal(address: string): string | undefined {
    const family = isIP(address);
    if (!family) return `${address} is not an IP address`;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (this.allowed.check(address, type)) return undefined;
    if (refused.check(address, type))
      return `${address} is not a public address (loopback, private, link-local or reserved)`;
    return undefined;
  }
}

/** The strict default: public addresses only. */
export const PUBLIC_ONLY = new AddressPolicy();

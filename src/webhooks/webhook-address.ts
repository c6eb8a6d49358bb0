/**
 * Which addresses a webhook may reach: public unicast addresses only, unless the operator allows networks
 * (WEBHOOK_ALLOWED_NETWORKS); never a cloud metadata service. Pure (node:net's `isIP` only), so every range is
 * unit- and property-tested; webhook-sender.ts applies it to the address it really connects to, and
 * webhook-policy.ts to the host of a URL being registered.
 *
 * The ranges are those of the IANA special-purpose address registries (IPv4 and IPv6) that are not globally
 * reachable, plus the forms that carry an IPv4 address inside an IPv6 one (IPv4-mapped, NAT64, 6to4), which are
 * judged by the IPv4 address they carry: `::ffff:127.0.0.1` is loopback, `64:ff9b::a9fe:a9fe` is the metadata
 * service. Outside 2000::/3 no IPv6 address is global unicast, so everything there not named below is reserved.
 */
import { isIP } from 'node:net';
import { type IpAddress, type Network, inNetwork, parseIp, parseNetwork } from '../config/networks';

/** Why an address is refused. */
export const REFUSED_RANGES = [
  'unspecified',
  'loopback',
  'private',
  'carrier-grade-nat',
  'link-local',
  'multicast',
  'broadcast',
  'documentation',
  'reserved',
  'metadata',
] as const;
export type RefusedRange = (typeof REFUSED_RANGES)[number];

/** How a refusal names the range in a message: "<address> is a <description> address". */
export const RANGE_DESCRIPTIONS: Readonly<Record<RefusedRange, string>> = {
  unspecified: 'unspecified ("this host")',
  loopback: 'loopback',
  private: 'private-network',
  'carrier-grade-nat': 'carrier-grade NAT (shared)',
  'link-local': 'link-local',
  multicast: 'multicast',
  broadcast: 'broadcast',
  documentation: 'documentation (example)',
  reserved: 'reserved (not globally reachable)',
  metadata: 'cloud metadata service',
};

export type AddressVerdict =
  { readonly allowed: true } | { readonly allowed: false; readonly range: RefusedRange };

const ALLOWED: AddressVerdict = { allowed: true };

/** A network written in this file (a typo is a bug: it throws at load). */
function network(text: string): Network {
  const parsed = parseNetwork(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** First match wins (broadcast before the reserved 240/4 it sits in). */
const IPV4_RANGES: readonly (readonly [Network, RefusedRange])[] = (
  [
    ['0.0.0.0/8', 'unspecified'], // "this network": a connection to 0.0.0.0 reaches the host itself
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'carrier-grade-nat'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
    ['192.0.2.0/24', 'documentation'], // TEST-NET-1
    ['192.88.99.0/24', 'reserved'], // the former 6to4 relay anycast
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'reserved'], // benchmarking
    ['198.51.100.0/24', 'documentation'], // TEST-NET-2
    ['203.0.113.0/24', 'documentation'], // TEST-NET-3
    ['224.0.0.0/4', 'multicast'],
    ['255.255.255.255/32', 'broadcast'],
    ['240.0.0.0/4', 'reserved'], // future use
  ] as const
).map(([cidr, range]) => [network(cidr), range]);

const IPV6_RANGES: readonly (readonly [Network, RefusedRange])[] = (
  [
    ['::/128', 'unspecified'],
    ['::1/128', 'loopback'],
    ['::/96', 'reserved'], // IPv4-compatible (deprecated); ::ffff:0:0/96, 64:ff9b::/96, 2002::/16 are judged by their IPv4
    ['64:ff9b:1::/48', 'private'], // local-use NAT64
    ['100::/64', 'reserved'], // discard-only
    ['2001::/23', 'reserved'], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
    ['2001:db8::/32', 'documentation'],
    ['3fff::/20', 'documentation'],
    ['5f00::/16', 'reserved'], // SRv6 segment identifiers
    ['fc00::/7', 'private'], // unique local
    ['fec0::/10', 'private'], // site-local (deprecated)
    ['fe80::/10', 'link-local'],
    ['ff00::/8', 'multicast'],
  ] as const
).map(([cidr, range]) => [network(cidr), range]);

const GLOBAL_UNICAST_V6 = network('2000::/3');

/**
 * Cloud metadata services (the instance's credentials): refused even inside an allowed network. 169.254.169.254
 * (AWS, Google Cloud, Azure, Oracle and others), 169.254.170.2 (AWS ECS task credentials), 169.254.170.23 and
 * fd00:ec2::23 (EKS Pod Identity), fd00:ec2::254 (AWS IPv6), 100.100.100.200 (Alibaba Cloud), 192.0.0.192 (Oracle,
 * older).
 */
const METADATA_ADDRESSES: readonly IpAddress[] = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
  'fd00:ec2::23',
].map((text) => parseIp(text)!);

/** Host names of metadata services (each resolves to one of the addresses above on its cloud). */
export const METADATA_HOST_NAMES: readonly string[] = [
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
];

const MAPPED = network('::ffff:0:0/96');
const NAT64 = network('64:ff9b::/96');
const SIX_TO_FOUR = network('2002::/16');

/** The IPv4 address an IPv6 address stands for (IPv4-mapped, NAT64 well-known prefix, 6to4), or null. */
export function embeddedIpv4(ip: IpAddress): IpAddress | null {
  if (ip.family === 4) return null;
  if (inNetwork(ip, MAPPED) || inNetwork(ip, NAT64)) return { family: 4, bytes: ip.bytes.slice(12, 16) };
  if (inNetwork(ip, SIX_TO_FOUR)) return { family: 4, bytes: ip.bytes.slice(2, 6) };
  return null;
}

function sameAddress(a: IpAddress, b: IpAddress): boolean {
  return a.family === b.family && a.bytes.every((byte, index) => byte === b.bytes[index]);
}

/** The special range an address is in, or null for a public (globally reachable unicast) address. */
export function rangeOf(ip: IpAddress): RefusedRange | null {
  const effective = embeddedIpv4(ip) ?? ip;
  if (METADATA_ADDRESSES.some((metadata) => sameAddress(metadata, effective))) return 'metadata';
  const ranges = effective.family === 4 ? IPV4_RANGES : IPV6_RANGES;
  const found = ranges.find(([block]) => inNetwork(effective, block));
  if (found !== undefined) return found[1];
  return effective.family === 6 && !inNetwork(effective, GLOBAL_UNICAST_V6) ? 'reserved' : null;
}

/**
 * May a webhook connect to this address? A public one, yes; one in `allowed` (the operator's networks), yes,
 * matched as written and as the IPv4 address it carries; a metadata service never. Text that is no address is
 * refused as reserved.
 */
export function judgeAddress(address: string | IpAddress, allowed: readonly Network[]): AddressVerdict {
  const ip = typeof address === 'string' ? parseIp(address) : address;
  if (ip === null) return { allowed: false, range: 'reserved' };
  const range = rangeOf(ip);
  if (range === null) return ALLOWED;
  if (range === 'metadata') return { allowed: false, range };
  const effective = embeddedIpv4(ip) ?? ip;
  if (allowed.some((block) => inNetwork(ip, block) || inNetwork(effective, block))) return ALLOWED;
  return { allowed: false, range };
}

/** A URL's hostname without the brackets of an IPv6 address: `[::1]` → `::1`. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** What a URL's host is, before any name is resolved: an address judged, a name refused, or a name to resolve. */
export type HostVerdict = AddressVerdict | { readonly allowed: 'resolve' };

const RESOLVE: HostVerdict = { allowed: 'resolve' };

/**
 * Judges a host as the WHATWG URL parser leaves it (`new URL(…).hostname`: numeric forms such as `2130706433`
 * or `0x7f.1` already turned into `127.0.0.1`, IPv6 in brackets, names lower-cased). An address is judged at once.
 * A metadata name is refused; so are `localhost` and `*.localhost` (which always mean this host, RFC 6761) unless
 * 127.0.0.1 or ::1 is allowed. Any other name is to be resolved, and every address it resolves to judged.
 */
export function judgeHost(hostname: string, allowed: readonly Network[]): HostVerdict {
  const bare = bareHost(hostname);
  if (isIP(bare) !== 0) return judgeAddress(bare, allowed);
  const name = bare.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOST_NAMES.includes(name)) return { allowed: false, range: 'metadata' };
  if (name === 'localhost' || name.endsWith('.localhost')) {
    const loopback = [judgeAddress('127.0.0.1', allowed), judgeAddress('::1', allowed)];
    return loopback.some((verdict) => verdict.allowed) ? RESOLVE : loopback[0]!;
  }
  return RESOLVE;
}

/** The operator's networks, already validated by the configuration (src/config/config.ts). */
export function parseNetworks(blocks: readonly string[]): Network[] {
  return blocks.map(network);
}

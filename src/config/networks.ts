/**
 * IP addresses and CIDR blocks as text and bytes: the configuration reads WEBHOOK_ALLOWED_NETWORKS with them
 * (src/config/config.ts), and the webhooks' address rules judge addresses against networks with them
 * (src/webhooks/webhook-address.ts). Pure (node:net's `isIP` only). In the configuration's folder, the lower of the
 * two (docs/architecture.md, "Layout of a module").
 */
import { isIP } from 'node:net';

export interface IpAddress {
  readonly family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  readonly bytes: Uint8Array;
}

/** A CIDR block: the address with the bits beyond `prefix` zero. */
export interface Network extends IpAddress {
  readonly prefix: number;
}

/** Dotted-quad IPv4 or IPv6 text (no zone: a zone only ever names a link-local address) → its bytes; else null. */
export function parseIp(text: string): IpAddress | null {
  switch (isIP(text)) {
    case 4:
      return { family: 4, bytes: parseIpv4(text) };
    case 6:
      return text.includes('%') ? null : { family: 6, bytes: parseIpv6(text) };
    default:
      return null;
  }
}

/** `isIP` said 4: four decimal parts 0–255. */
function parseIpv4(text: string): Uint8Array {
  return Uint8Array.from(text.split('.').map(Number));
}

/** `isIP` said 6: up to eight hex groups, one `::`, perhaps a dotted IPv4 address as the last 32 bits. */
function parseIpv6(text: string): Uint8Array {
  const lastColon = text.lastIndexOf(':');
  let hex = text;
  if (text.includes('.', lastColon)) {
    // The dotted tail as the two hex groups it stands for.
    const v4 = parseIpv4(text.slice(lastColon + 1));
    const group = (at: number): string => ((v4[at]! << 8) | v4[at + 1]!).toString(16);
    hex = `${text.slice(0, lastColon + 1)}${group(0)}:${group(2)}`;
  }
  const groups = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [left, right] = hex.split('::') as [string, string | undefined];
  const head = groups(left);
  const tail = right === undefined ? [] : groups(right);
  const all = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return Uint8Array.from(all.flatMap((group) => [group >> 8, group & 0xff]));
}

/** The usual text of an address: dotted IPv4, compressed IPv6 (as URLs show it, RFC 5952 style). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return [...ip.bytes].join('.');
  const groups = Array.from({ length: 8 }, (_, index) =>
    ((ip.bytes[index * 2]! << 8) | ip.bytes[index * 2 + 1]!).toString(16),
  );
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1);
}

/** `a.b.c.d/n` or `x:y::z/n` → the network, or why not (host bits set are refused: a likely typo). */
export function parseNetwork(text: string): Network | string {
  const slash = text.lastIndexOf('/');
  const ip = slash < 0 ? null : parseIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (ip === null || !/^\d{1,3}$/.test(prefixText)) {
    return `"${text}" is not an address/prefix block (e.g. 10.0.0.0/8 or fd00::/8)`;
  }
  const prefix = Number(prefixText);
  const bits = ip.bytes.length * 8;
  if (prefix > bits) return `"${text}": an IPv${ip.family} prefix is at most /${bits}`;
  const network = { ...ip, bytes: masked(ip.bytes, prefix), prefix };
  if (!network.bytes.every((byte, index) => byte === ip.bytes[index])) {
    return `"${text}" has bits set beyond /${prefix} (did you mean ${formatNetwork(network)}?)`;
  }
  return network;
}

export function formatNetwork(network: Network): string {
  return `${formatIp(network)}/${network.prefix}`;
}

function masked(bytes: Uint8Array, prefix: number): Uint8Array {
  return bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, prefix - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
}

export function inNetwork(ip: IpAddress, network: Network): boolean {
  if (ip.family !== network.family) return false;
  const bytes = masked(ip.bytes, network.prefix);
  return bytes.every((byte, index) => byte === network.bytes[index]);
}

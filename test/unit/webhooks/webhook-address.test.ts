/**
 * Which addresses a webhook may reach (src/webhooks/webhook-address.ts). The ranges are restated here from the
 * IANA special-purpose registries, not imported, so that the test is the specification: every address of each
 * refused range is refused (fast-check draws them), IPv6 forms that carry an IPv4 address are judged as it, public
 * addresses pass, the operator's networks are allowed except for metadata services, and URL hosts are judged as
 * the WHATWG parser normalises them.
 */
import fc from 'fast-check';
import {
  type IpAddress,
  type Network,
  formatIp,
  formatNetwork,
  parseIp,
  parseNetwork,
} from '../../../src/config/networks';
import {
  type RefusedRange,
  judgeAddress,
  judgeHost,
  parseNetworks,
} from '../../../src/webhooks/webhook-address';

const REFUSED_IPV4: readonly (readonly [string, RefusedRange])[] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade-nat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];

const REFUSED_IPV6: readonly (readonly [string, RefusedRange])[] = [
  ['::/96', 'reserved'], // IPv4-compatible (:: and ::1 below)
  ['64:ff9b:1::/48', 'private'],
  ['100::/64', 'reserved'],
  ['2001::/23', 'reserved'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'],
  ['ff00::/8', 'multicast'],
  // Not global unicast (outside 2000::/3, and none of the above): reserved.
  ['1000::/4', 'reserved'],
  ['4000::/2', 'reserved'],
  ['8000::/2', 'reserved'],
  ['c000::/3', 'reserved'],
  ['e000::/4', 'reserved'],
  ['f000::/5', 'reserved'],
  ['f800::/6', 'reserved'],
  ['fe00::/9', 'reserved'],
];

const METADATA = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
  'fd00:ec2::23',
];

/** What an address in a range is refused as: its range, except the few that are more particular. */
function expectedRange(address: string, range: RefusedRange): RefusedRange {
  if (METADATA.includes(address)) return 'metadata';
  if (address === '255.255.255.255') return 'broadcast';
  if (address === '::') return 'unspecified';
  if (address === '::1') return 'loopback';
  return range;
}

function block(text: string): Network {
  const parsed = parseNetwork(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** An arbitrary address inside `network`: its prefix, then random bits. */
function inside(network: Network): fc.Arbitrary<string> {
  return fc.uint8Array({ minLength: network.bytes.length, maxLength: network.bytes.length }).map((random) => {
    const bytes = network.bytes.map((byte, index) => {
      const fixed = Math.max(0, Math.min(8, network.prefix - index * 8));
      const mask = (0xff << (8 - fixed)) & 0xff;
      return (byte & mask) | (random[index]! & ~mask & 0xff);
    });
    return formatIp({ family: network.family, bytes });
  });
}

const none: readonly Network[] = [];
const refused = (range: RefusedRange): unknown => ({ allowed: false, range });
const ALLOWED = { allowed: true };

function v4(address: string): IpAddress {
  return parseIp(address)!;
}
/** The IPv6 forms that carry an IPv4 address: IPv4-mapped (dotted and hex), NAT64, 6to4. */
function carriers(ipv4: string): string[] {
  const [a, b, c, d] = v4(ipv4).bytes;
  const hex = (high: number, low: number): string => ((high << 8) | low).toString(16);
  return [
    `::ffff:${ipv4}`,
    `::ffff:${hex(a!, b!)}:${hex(c!, d!)}`,
    `0:0:0:0:0:ffff:${ipv4}`,
    `64:ff9b::${ipv4}`,
    `64:ff9b::${hex(a!, b!)}:${hex(c!, d!)}`,
    `2002:${hex(a!, b!)}:${hex(c!, d!)}::1`,
  ];
}

/** First octets whose whole /8 is public unicast. */
const PUBLIC_FIRST_OCTETS = [
  ...range(1, 9),
  ...range(11, 99),
  ...range(101, 126),
  ...range(128, 168),
  170,
  171,
  ...range(173, 191),
  ...range(193, 197),
  ...range(199, 202),
  ...range(204, 223),
];
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
const publicIpv4 = fc
  .tuple(fc.constantFrom(...PUBLIC_FIRST_OCTETS), fc.nat(255), fc.nat(255), fc.nat(255))
  .map((parts) => parts.join('.'));

describe('refused IPv4 ranges', () => {
  it.each(REFUSED_IPV4)('every address of %s is refused as %s', (cidr, range) => {
    fc.assert(
      fc.property(inside(block(cidr)), (address) => {
        expect(judgeAddress(address, none)).toEqual(refused(expectedRange(address, range)));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses each range from its first address to its last, and not the addresses just outside', () => {
    const edges: [string, RefusedRange | null][] = [
      ['0.0.0.0', 'unspecified'],
      ['0.255.255.255', 'unspecified'],
      ['1.0.0.0', null],
      ['9.255.255.255', null],
      ['10.0.0.0', 'private'],
      ['10.255.255.255', 'private'],
      ['11.0.0.0', null],
      ['100.63.255.255', null],
      ['100.64.0.0', 'carrier-grade-nat'],
      ['100.127.255.255', 'carrier-grade-nat'],
      ['100.128.0.0', null],
      ['126.255.255.255', null],
      ['127.0.0.0', 'loopback'],
      ['127.255.255.255', 'loopback'],
      ['128.0.0.0', null],
      ['169.253.255.255', null],
      ['169.254.0.0', 'link-local'],
      ['169.254.255.255', 'link-local'],
      ['169.255.0.0', null],
      ['172.15.255.255', null],
      ['172.16.0.0', 'private'],
      ['172.31.255.255', 'private'],
      ['172.32.0.0', null],
      ['191.255.255.255', null],
      ['192.0.0.0', 'reserved'],
      ['192.0.1.0', null],
      ['192.0.2.0', 'documentation'],
      ['192.0.3.0', null],
      ['192.88.98.255', null],
      ['192.88.99.0', 'reserved'],
      ['192.88.100.0', null],
      ['192.167.255.255', null],
      ['192.168.0.0', 'private'],
      ['192.168.255.255', 'private'],
      ['192.169.0.0', null],
      ['198.17.255.255', null],
      ['198.18.0.0', 'reserved'],
      ['198.19.255.255', 'reserved'],
      ['198.20.0.0', null],
      ['198.51.100.0', 'documentation'],
      ['198.51.101.0', null],
      ['203.0.112.255', null],
      ['203.0.113.0', 'documentation'],
      ['203.0.114.0', null],
      ['223.255.255.255', null],
      ['224.0.0.0', 'multicast'],
      ['239.255.255.255', 'multicast'],
      ['240.0.0.0', 'reserved'],
      ['255.255.255.254', 'reserved'],
      ['255.255.255.255', 'broadcast'],
    ];
    for (const [address, range] of edges) {
      expect({ address, verdict: judgeAddress(address, none) }).toEqual({
        address,
        verdict: range === null ? ALLOWED : refused(range),
      });
    }
  });

  it('lets public IPv4 addresses through', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '151.101.1.69', '223.5.5.5']) {
      expect(judgeAddress(address, none)).toEqual(ALLOWED);
    }
    fc.assert(
      fc.property(publicIpv4, (address) => {
        expect(judgeAddress(address, none)).toEqual(ALLOWED);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('refused IPv6 ranges', () => {
  it.each(REFUSED_IPV6)('every address of %s is refused as %s', (cidr, range) => {
    fc.assert(
      fc.property(inside(block(cidr)), (address) => {
        expect(judgeAddress(address, none)).toEqual(refused(expectedRange(address, range)));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses the unspecified and the loopback address in every spelling', () => {
    for (const address of ['::', '0:0:0:0:0:0:0:0', '0::0']) {
      expect(judgeAddress(address, none)).toEqual(refused('unspecified'));
    }
    for (const address of ['::1', '0:0:0:0:0:0:0:1', '0000::0001']) {
      expect(judgeAddress(address, none)).toEqual(refused('loopback'));
    }
  });

  it('lets public IPv6 addresses through', () => {
    for (const address of [
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '2a00:1450:4001::200e',
      '2001:200::1',
    ]) {
      expect(judgeAddress(address, none)).toEqual(ALLOWED);
    }
    // 2400::/6 (part of 2000::/3, allocated to the regional registries) holds no special block.
    fc.assert(
      fc.property(inside(block('2400::/6')), (address) => {
        expect(judgeAddress(address, none)).toEqual(ALLOWED);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('IPv6 forms that carry an IPv4 address', () => {
  it('are judged as the IPv4 address they carry (IPv4-mapped, NAT64, 6to4)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ipv4) => {
        const expected = judgeAddress(ipv4, none);
        for (const form of carriers(ipv4)) {
          expect({ form, verdict: judgeAddress(form, none) }).toEqual({ form, verdict: expected });
        }
      }),
      { numRuns: 2000 },
    );
    // Drawn so that each refused range surely shows up, not only where chance puts it.
    for (const [cidr] of REFUSED_IPV4) {
      fc.assert(
        fc.property(inside(block(cidr)), (ipv4) => {
          for (const form of carriers(ipv4)) {
            expect(judgeAddress(form, none)).toEqual(judgeAddress(ipv4, none));
            expect(judgeAddress(form, none).allowed).toBe(false);
          }
        }),
        { numRuns: 50 },
      );
    }
  });

  it('the metadata service inside IPv6 is the metadata service', () => {
    for (const form of carriers('169.254.169.254'))
      expect(judgeAddress(form, none)).toEqual(refused('metadata'));
    expect(judgeAddress('::ffff:a9fe:a9fe', none)).toEqual(refused('metadata'));
  });
});

describe('the operator’s networks (WEBHOOK_ALLOWED_NETWORKS)', () => {
  const allowed = parseNetworks(['127.0.0.0/8', '::1/128', '10.0.0.0/8', 'fc00::/7', '169.254.0.0/16']);

  it('allow every address in them, also inside an IPv6 form, and nothing else', () => {
    for (const cidr of ['127.0.0.0/8', '10.0.0.0/8', '169.254.0.0/16']) {
      fc.assert(
        fc.property(inside(block(cidr)), (address) => {
          const expected = METADATA.includes(address) ? refused('metadata') : ALLOWED;
          expect(judgeAddress(address, allowed)).toEqual(expected);
          for (const form of carriers(address)) expect(judgeAddress(form, allowed)).toEqual(expected);
        }),
        { numRuns: 300 },
      );
    }
    expect(judgeAddress('::1', allowed)).toEqual(ALLOWED);
    expect(judgeAddress('fd12:3456::1', allowed)).toEqual(ALLOWED);
    // Other refused ranges stay refused.
    expect(judgeAddress('192.168.1.1', allowed)).toEqual(refused('private'));
    expect(judgeAddress('172.16.0.1', allowed)).toEqual(refused('private'));
    expect(judgeAddress('fe80::1', allowed)).toEqual(refused('link-local'));
    expect(judgeAddress('::2', allowed)).toEqual(refused('reserved'));
  });

  it('never allow a metadata service, whatever they say', () => {
    const everything = parseNetworks(['0.0.0.0/0', '::/0']);
    for (const address of METADATA) expect(judgeAddress(address, everything)).toEqual(refused('metadata'));
    for (const address of METADATA) expect(judgeAddress(address, allowed)).toEqual(refused('metadata'));
    expect(judgeAddress('10.1.2.3', everything)).toEqual(ALLOWED);
  });
});

describe('parsing', () => {
  it('reads and writes IPv6 as URLs do, dotted tails included', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const ip = parseIp(address);
        expect(ip?.family).toBe(6);
        expect(formatIp(ip!)).toBe(new URL(`http://[${address}]`).hostname.slice(1, -1));
      }),
      { numRuns: 2000 },
    );
    expect(parseIp('::ffff:1.2.3.4')!.bytes).toEqual(parseIp('::ffff:102:304')!.bytes);
    expect(parseIp('1:2:3:4:5:6:7.8.9.10')!.bytes).toEqual(
      Uint8Array.from([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 7, 8, 9, 10]),
    );
  });

  it('takes no zone, no other spelling of IPv4 and nothing that is not an address', () => {
    for (const text of [
      'fe80::1%eth0',
      '127.1',
      '0x7f.0.0.1',
      '017700000001',
      '2130706433',
      'localhost',
      '',
      '1.2.3.4.5',
    ]) {
      expect({ text, ip: parseIp(text) }).toEqual({ text, ip: null });
      expect(judgeAddress(text, none)).toEqual(refused('reserved'));
    }
  });

  it('reads CIDR blocks, refusing host bits beyond the prefix', () => {
    expect(formatNetwork(block('127.0.0.0/8'))).toBe('127.0.0.0/8');
    expect(formatNetwork(block('0:0:0:0:0:0:0:1/128'))).toBe('::1/128');
    expect(formatNetwork(block('FD00::/8'))).toBe('fd00::/8');
    expect(formatNetwork(block('0.0.0.0/0'))).toBe('0.0.0.0/0');
    expect(parseNetwork('127.0.0.1/8')).toMatch(/did you mean 127\.0\.0\.0\/8\?/);
    expect(parseNetwork('::1/64')).toMatch(/did you mean ::\/64\?/);
    for (const text of [
      '127.0.0.1',
      '10.0.0.0/33',
      '::/129',
      'localhost/8',
      '10.0.0.0/-1',
      '10.0.0.0/8/8',
      '/8',
    ]) {
      expect({ text, parsed: typeof parseNetwork(text) }).toEqual({ text, parsed: 'string' });
    }
  });
});

describe('URL hosts', () => {
  /** The host as a webhook URL carries it, after the WHATWG parser. */
  const host = (text: string): string => new URL(`http://${text}/`).hostname;

  it('judges every numeric spelling of an IPv4 address as that address, after normalisation', () => {
    fc.assert(
      fc.property(fc.nat(0xffffffff), (value) => {
        const bytes = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
        const dotted = bytes.join('.');
        const spellings = [
          String(value),
          `0x${value.toString(16)}`,
          `0${value.toString(8)}`,
          bytes.map((byte) => `0x${byte.toString(16)}`).join('.'),
          bytes.map((byte) => `0${byte.toString(8)}`).join('.'),
          `${bytes[0]}.${(value & 0xffffff) >>> 0}`,
          `${bytes[0]}.${bytes[1]}.${value & 0xffff}`,
        ];
        const expected = judgeAddress(dotted, none);
        for (const spelling of spellings) {
          expect({ spelling, host: host(spelling) }).toEqual({ spelling, host: dotted });
          expect(judgeHost(host(spelling), none)).toEqual(expected);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('judges bracketed IPv6 hosts as their address', () => {
    expect(judgeHost(host('[::1]'), none)).toEqual(refused('loopback'));
    expect(judgeHost(host('[::ffff:127.0.0.1]'), none)).toEqual(refused('loopback'));
    expect(judgeHost(host('[0:0:0:0:0:ffff:a00:5]'), none)).toEqual(refused('private'));
    expect(judgeHost(host('[fd00:ec2::254]'), none)).toEqual(refused('metadata'));
    expect(judgeHost(host('[2606:4700:4700::1111]'), none)).toEqual(ALLOWED);
  });

  it('refuses metadata names however they are written', () => {
    for (const name of [
      'metadata',
      'metadata.google.internal',
      'METADATA.Google.Internal.',
      'metadata.goog',
      'instance-data',
      'instance-data.ec2.internal',
    ]) {
      expect({ name, verdict: judgeHost(host(name), parseNetworks(['0.0.0.0/0', '::/0'])) }).toEqual({
        name,
        verdict: refused('metadata'),
      });
    }
  });

  it('refuses localhost names unless loopback is allowed, and resolves them then', () => {
    for (const name of ['localhost', 'LOCALHOST.', 'api.localhost', 'a.b.localhost']) {
      expect(judgeHost(host(name), none)).toEqual(refused('loopback'));
      expect(judgeHost(host(name), parseNetworks(['127.0.0.0/8']))).toEqual({ allowed: 'resolve' });
      expect(judgeHost(host(name), parseNetworks(['::1/128']))).toEqual({ allowed: 'resolve' });
    }
  });

  it('leaves any other name to be resolved', () => {
    for (const name of [
      'example.com',
      'localhost.example.com',
      'metadata.example.com',
      'xn--bcher-kva.example',
      'internal',
    ]) {
      expect(judgeHost(host(name), none)).toEqual({ allowed: 'resolve' });
    }
  });
});

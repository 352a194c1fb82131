import net from 'node:net';

/** An inclusive range of addresses, as numbers (32 bits for IPv4, 128 for IPv6). */
type Range = [bigint, bigint];

const ALL_IPV4: Range = [0n, 2n ** 32n - 1n];
/** Global unicast: every IPv6 address a client on the internet can have. */
const PUBLIC_IPV6: Range = [0x2n << 124n, (0x4n << 124n) - 1n];
/** ::ffff:0:0/96: an IPv4 peer is matched against IPv6 entries in this form. */
const MAPPED_IPV4_START = 0xffffn << 32n;

/** Addresses no client on the internet has: private, shared, loopback, link-local, documentation, multicast, reserved. */
const NOT_PUBLIC_IPV4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.0.2.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
].map((cidr) => rangeOf(cidr, 4));

function ipv4Number(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Number(address: string): bigint {
  let text = address.replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:192.0.2.1) is the last two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const n = ipv4Number(tail);
    text = `${text.slice(0, -tail.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = rest ? rest.split(':') : [];
  const groups = rest === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return groups.reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function rangeOf(entry: string, family: 4 | 6): Range {
  const [address = '', bits] = entry.split('/');
  const width = family === 4 ? 32n : 128n;
  const prefix = bits === undefined ? width : BigInt(Number(bits));
  const hostBits = (1n << (width - prefix)) - 1n;
  const start = (family === 4 ? ipv4Number(address) : ipv6Number(address)) & ~hostBits;
  return [start, start | hostBits];
}

/** Whether the ranges together leave no address of `whole` out. */
function covers(ranges: Range[], [low, high]: Range): boolean {
  let next = low;
  for (const [start, end] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (start > next) break;
    if (end >= next) next = end + 1n;
    if (next > high) return true;
  }
  return next > high;
}

/**
 * Which address family a list of trusted proxies (addresses and CIDR ranges, as TRUST_PROXY takes
 * them) hands over whole: trusting every public address is trusting any client, which then writes
 * its own X-Forwarded-For. IPv6 ranges over ::ffff:0:0/96 count for IPv4 too: an IPv4 peer may be
 * checked against them in that form. Null when some clients stay untrusted.
 */
export function everyPublicAddress(entries: string[]): 'IPv4' | 'IPv6' | null {
  const ipv4: Range[] = [...NOT_PUBLIC_IPV4];
  const ipv6: Range[] = [];
  for (const entry of entries) {
    const family = net.isIP(entry.split('/')[0] ?? '');
    if (family === 4) ipv4.push(rangeOf(entry, 4));
    if (family !== 6) continue;
    const [start, end] = rangeOf(entry, 6);
    ipv6.push([start, end]);
    const mappedEnd = MAPPED_IPV4_START + ALL_IPV4[1];
    if (start <= mappedEnd && end >= MAPPED_IPV4_START) {
      ipv4.push([(start > MAPPED_IPV4_START ? start : MAPPED_IPV4_START) - MAPPED_IPV4_START, (end < mappedEnd ? end : mappedEnd) - MAPPED_IPV4_START]);
    }
  }
  if (covers(ipv4, ALL_IPV4)) return 'IPv4';
  if (covers(ipv6, PUBLIC_IPV6)) return 'IPv6';
  return null;
}

import { isIPv4, isIPv6 } from 'node:net';

/** The groups of an IPv6 address, all eight, as numbers (`::` expanded, an embedded IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4Tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who a throttle counts a request against: an IPv4 address as it is (an IPv4-mapped IPv6 address too), an IPv6
 * address by its /64 network, since one subscriber is routinely given a whole /64 and could otherwise take a
 * fresh address for every attempt.
 */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

import { isIPv6 } from 'node:net';

/**
 * The rate-limit key of a client address. IPv4-mapped IPv6 becomes plain IPv4, and IPv6 clients are
 * keyed by their /64 network, since one host usually holds a whole /64 and could otherwise rotate addresses.
 */
export function clientKey(ip: string): string {
  // An IPv4 address, the common case, is its own key: no regular expression for it on every request.
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const zeros = ip.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

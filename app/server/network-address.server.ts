import net from "node:net";

/**
 * The key a client's calls are counted under, from its address (`context.clientIp`):
 *
 * - an IPv4 address: itself;
 * - an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a dual-stack socket reports an IPv4 client):
 *   the IPv4 address, so the client is counted once whichever way it arrived;
 * - any other IPv6 address: its /64, written `2001:db8:1:2::/64`. An ISP hands each subscriber at
 *   least a /64 and the host picks the low 64 bits freely (privacy addresses change them daily), so
 *   one client holds 2^64 addresses: limited per address, it would never be limited at all;
 * - anything else (no address could be read): as it is.
 */
export function rateLimitKey(address: string): string {
  if (net.isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a client's address belongs to, wider than its rate-limit key: an IPv6 address's /48
 * (`2001:db8:1::/48`, what an ISP or a tunnel broker hands one site, 65,536 /64s), an IPv4 address
 * (mapped or not) itself. What limits how many new "helpful" voters one holder of many addresses may
 * become (docs/decisions/090).
 */
export function networkKey(address: string): string {
  const key = rateLimitKey(address);
  if (!key.endsWith("::/64")) return key;
  const groups = ipv6Groups(address) ?? [];
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(":")}::/48`;
}

/** The eight 16-bit groups of an IPv6 address (a zone `%eth0` dropped), or null for anything else. */
export function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.split("%")[0] ?? "";
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) is the last two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    if (!net.isIPv4(tail)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

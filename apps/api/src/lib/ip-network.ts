import { isIPv4, isIPv6 } from "node:net";

/**
 * The network an address belongs to, for limits that one person with many addresses must not slip
 * past: IPv4 by its /24 ("203.0.113.0/24"), IPv6 by its /64 (one subscriber's usual allocation).
 * An IPv4-mapped IPv6 address counts as the IPv4 address; anything unparsable is its own network.
 */
export function ipNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill("0"), ...tailGroups].slice(0, 4);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

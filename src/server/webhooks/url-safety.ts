import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook must never reach in production: loopback, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved
 * ranges. Otherwise anyone who can register an endpoint could make the server call into its own
 * network (server-side request forgery).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  return blocked.check(address, "ipv6");
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Why a URL may not be a webhook endpoint, or null when it may. Names are checked again when a
 * delivery connects (the address they resolve to then), since DNS can change after registration.
 */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full URL, such as https://example.com/webhooks";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https://";
  if (url.username || url.password) return "The URL must not contain a user name or password";
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return "The URL must start with https://";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) ? isPrivateAddress(host) : LOCAL_NAMES.test(host) || !host.includes(".")) {
    return "The URL must point to a public address, not a private or local network";
  }
  return null;
}

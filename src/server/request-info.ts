import { config } from "@/server/config";

/**
 * The client's address. `next start` appends the socket address to X-Forwarded-For, so the last
 * entry is the one no client can forge; behind a trusted proxy set TRUSTED_PROXY_HOPS.
 */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded.split(",").map((part) => part.trim()).filter(Boolean);
    const skip = config().trustedProxyHops;
    const address = hops[Math.max(0, hops.length - 1 - skip)];
    if (address) return address;
  }
  return headers.get("x-real-ip") ?? "unknown";
}

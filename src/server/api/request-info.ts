import { CLIENT_ADDRESS_HEADER } from "@/server/api/client-address.mjs";

/**
 * The client's address, as the server that owns the socket wrote it (scripts/server.mjs, from the
 * connection and TRUSTED_PROXY_HOPS). X-Forwarded-For is never read here: a client can write
 * anything into it. Without that server in front (plain `next dev`) every request counts as one
 * unknown address, which keeps every limit in force.
 */
export function clientIp(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

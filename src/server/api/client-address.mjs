// The client's address, decided once by whatever owns the socket (scripts/server.mjs) and handed
// to the app in a header that no client can set: the socket owner removes any copy a client sent.
// Plain JavaScript so that the production server script can import it without a build step.
import { isIP } from "node:net";

/** @typedef {{ socketAddress: string | undefined | null; forwardedFor?: string | string[] | undefined | null }} SeenAddresses */
/** @typedef {Record<string, string | string[] | undefined>} IncomingHeaders */

/** The request header that carries the address from the socket owner to the app. */
export const CLIENT_ADDRESS_HEADER = "x-greenscape-client-address";

/**
 * The address of the client: the socket's peer, or, behind `trustedProxyHops` proxies that each
 * append the address they received a request from to X-Forwarded-For, the entry the outermost
 * trusted proxy appended (counted from the right). Entries further left were written by the client
 * and are ignored; with no trusted proxies the header is ignored altogether.
 *
 * @param {SeenAddresses & { trustedProxyHops: number }} input
 * @returns {string}
 */
export function clientAddressFrom({ socketAddress, forwardedFor, trustedProxyHops }) {
  const socket = normalizeAddress(socketAddress) ?? "unknown";
  if (!(trustedProxyHops > 0)) return socket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  // Fewer entries than proxies: the request skipped a proxy; the leftmost is the best we know.
  const entry = entries[Math.max(0, entries.length - trustedProxyHops)];
  return normalizeAddress(entry) ?? socket;
}

/**
 * Writes the client address into the request's headers (Node's IncomingMessage), replacing
 * anything the client sent under that name.
 *
 * @param {{ headers: IncomingHeaders; socket: { remoteAddress?: string | undefined } }} request
 * @param {number} trustedProxyHops
 */
export function stampClientAddress(request, trustedProxyHops) {
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddressFrom({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers["x-forwarded-for"],
    trustedProxyHops,
  });
}

/**
 * A bare IP address: IPv4-mapped IPv6 as IPv4, ports and brackets removed; null when it is not one.
 *
 * @param {string | undefined | null} value
 * @returns {string | null}
 */
export function normalizeAddress(value) {
  if (!value) return null;
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, "").toLowerCase();
  if (address.startsWith("::ffff:") && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address : null;
}

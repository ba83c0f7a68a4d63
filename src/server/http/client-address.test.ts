import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "@/server/auth/limits";
import { CLIENT_ADDRESS_HEADER, clientAddressFrom, normalizeAddress, stampClientAddress } from "@/server/api/client-address.mjs";
import { handleRestRequest } from "./rest-handler";

describe("the client address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressFrom({ socketAddress: "::ffff:203.0.113.5", forwardedFor: "1.2.3.4", trustedProxyHops: 0 })).toBe("203.0.113.5");
    expect(clientAddressFrom({ socketAddress: "2001:db8::7", forwardedFor: undefined, trustedProxyHops: 0 })).toBe("2001:db8::7");
    expect(clientAddressFrom({ socketAddress: undefined, forwardedFor: "1.2.3.4", trustedProxyHops: 0 })).toBe("unknown");
  });

  it("is the entry the outermost trusted proxy appended, counted from the right", () => {
    // One proxy (say nginx) appended the address it was reached from; the client wrote the rest.
    expect(clientAddressFrom({ socketAddress: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.9", trustedProxyHops: 1 })).toBe(
      "198.51.100.9",
    );
    // A CDN in front of nginx: the CDN appended the client, nginx appended the CDN.
    expect(clientAddressFrom({ socketAddress: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.9, 203.0.113.80", trustedProxyHops: 2 })).toBe(
      "198.51.100.9",
    );
    expect(clientAddressFrom({ socketAddress: "10.0.0.2", forwardedFor: ["6.6.6.6", "198.51.100.9"], trustedProxyHops: 1 })).toBe(
      "198.51.100.9",
    );
  });

  it("falls back to the socket when the header is missing or not an address", () => {
    expect(clientAddressFrom({ socketAddress: "10.0.0.2", forwardedFor: undefined, trustedProxyHops: 1 })).toBe("10.0.0.2");
    expect(clientAddressFrom({ socketAddress: "10.0.0.2", forwardedFor: "<script>", trustedProxyHops: 1 })).toBe("10.0.0.2");
  });

  it("normalizes ports, brackets and IPv4-mapped forms", () => {
    expect(normalizeAddress("198.51.100.9:5123")).toBe("198.51.100.9");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("::FFFF:198.51.100.9")).toBe("198.51.100.9");
    expect(normalizeAddress("not an address")).toBeNull();
  });
});

/**
 * The production path in small: a real socket, the socket owner's stamping (as scripts/server.mjs
 * does it) and the REST handler. Every request forges X-Forwarded-For and the internal header.
 */
describe("a client forging its address over a real connection", () => {
  let server: http.Server;
  let base = "";
  let trustedProxyHops = 0;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      stampClientAddress(req, trustedProxyHops);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const response = await handleRestRequest(
        new Request(`http://${req.headers.host}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const guess = (attempt: number, headers: Record<string, string>) =>
    fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ username: `nobody-${attempt}`, password: "guess" }),
    });

  it("cannot escape the per-address limit with a fresh X-Forwarded-For (or a forged internal header) on every guess", async () => {
    trustedProxyHops = 0;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMITS.signInPerAddress.limit; attempt++) {
      const forged = `198.18.${attempt}.1`;
      statuses.push((await guess(attempt, { "x-forwarded-for": forged, [CLIENT_ADDRESS_HEADER]: forged, "x-real-ip": forged })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);

  it("behind one trusted proxy, counts the address the proxy appended, not what the client wrote before it", async () => {
    trustedProxyHops = 1;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMITS.signInPerAddress.limit; attempt++) {
      statuses.push((await guess(attempt, { "x-forwarded-for": `198.18.${attempt}.1, 203.0.113.99` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same proxy is not held up.
    expect((await guess(99, { "x-forwarded-for": "203.0.113.100" })).status).toBe(401);
  }, 60_000);
});

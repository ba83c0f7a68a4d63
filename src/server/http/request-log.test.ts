import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import nextConfig from "../../../next.config.js";
import { loggablePath, logRequestWhenDone, requestLogLine } from "./request-log.mjs";

const TYPED = "jane@example.com";
const PASSWORD = "her-password";

describe("the request log", () => {
  it("keeps the path and drops the query string and fragment", () => {
    expect(loggablePath(`/customer/login?email=${TYPED}&password=${PASSWORD}`)).toBe("/customer/login");
    expect(loggablePath("/contact#form")).toBe("/contact");
    expect(loggablePath("?q=1")).toBe("/");
    expect(loggablePath(undefined)).toBe("/");
    // A quote's link is its capability.
    expect(loggablePath("/q/abcdefghijklmnopqrstuvwxyz234567")).toBe("/q/[token]");
    expect(loggablePath("/quote")).toBe("/quote");
    // So is a calendar feed's address.
    expect(loggablePath("/feeds/calendar/Zm9vYmFyYmF6cXV4.ics")).toBe("/feeds/calendar/[token]");
    expect(requestLogLine({ method: "GET", url: `/customer/register?name=Jane&password=${PASSWORD}`, status: 200, durationMs: 12.4 })).toBe(
      "GET /customer/register 200 in 12ms",
    );
  });

  it("never writes a form field a browser put into the URL, for a real request", async () => {
    const lines: string[] = [];
    const server = http.createServer((request, response) => {
      logRequestWhenDone(request, response, (line) => lines.push(line));
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/customer/login?email=${encodeURIComponent(TYPED)}&password=${PASSWORD}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/customer\/login 200 in \d+ms$/);
    expect(lines.join("\n")).not.toContain(PASSWORD);
    expect(lines.join("\n")).not.toContain("jane");
  });

  it("replaces Next's own request and server-action logs, which write URLs and arguments whole", () => {
    expect(nextConfig.logging).toEqual({ incomingRequests: false, serverFunctions: false });
  });
});

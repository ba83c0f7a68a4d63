import { afterAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "./support/dev-server-process";

/**
 * `npm run dev` answers /api through the same module as production (scripts/server.mjs --dev loads
 * src/server/http/api-server.ts from source): the cached public read and its 304 included, which
 * the route handlers that used to serve /api under `next dev` never gave.
 */

let server: DevServer | undefined;

afterAll(() => server?.stop());

describe("the development server", () => {
  it("serves /api through the production pipeline: a cached catalogue with its ETag, then 304", async () => {
    server = await startDevServer("/api/services");
    const url = `${server.origin}/api/services`;
    const first = server.firstAnswer;
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toContain("public");

    const again = await fetch(url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  }, 300_000);
});

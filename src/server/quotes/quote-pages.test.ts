import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { quoteRequest, sentQuote } from "#test/fixtures/quotes";
import { rest, staffCaller, staffCookie } from "#test/support/helpers";
import { startDevServer, type DevServer } from "#test/support/dev-server-process";
import { QUOTE_LINK_REVOKED, revokeQuoteLink } from "./quote-link";

/**
 * The quote pages as a browser gets them, from the server that owns the socket (scripts/server.mjs,
 * here in development mode on this file's database): the status a quote link's page answers with
 * (docs/security.md: unknown 404, withdrawn or expired 410) and the request's photos beside the
 * quote built from it. Next compiles each page on its first request, so this file is slow.
 */

let server: DevServer | undefined;
let origin = "";

beforeAll(async () => {
  server = await startDevServer();
  origin = server.origin;
}, 300_000);

afterAll(() => server?.stop());

const page = async (pathname: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${origin}${pathname}`, { headers, redirect: "manual" });
  return { status: response.status, html: await response.text() };
};

describe("a quote link's page", () => {
  it("answers 200 while it works, 404 for an unknown link, and 410 with the reason once withdrawn or expired", async () => {
    const live = await sentQuote();
    const opened = await page(`/q/${live.token}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`Q-${live.quote.id}`);

    expect((await page(`/q/${"a".repeat(32)}`)).status).toBe(404);

    const withdrawn = await sentQuote();
    await revokeQuoteLink(await getDb(), withdrawn.quote.id);
    const gone = await page(`/q/${withdrawn.token}`);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain(QUOTE_LINK_REVOKED);
    // The same words as the API's answer.
    expect((await rest("POST", "/quote-page", { body: { token: withdrawn.token } })).json.message).toBe(QUOTE_LINK_REVOKED);

    const expiring = await sentQuote();
    await (await getDb()).execute(
      sql`update quote_versions set expires_on = ${addDays(businessToday(), -1)} where quote_id = ${expiring.quote.id}`,
    );
    const expired = await page(`/q/${expiring.token}`);
    expect(expired.status).toBe(410);
    expect(expired.html).toContain("This quote expired on");
  }, 240_000);
});

describe("a new quote built from a request", () => {
  it("shows the request's own photos beside the builder", async () => {
    const requestId = await quoteRequest();
    const staff = await staffCaller();
    const { photoIds } = await staff.quoteRequests.get({ id: requestId });
    expect(photoIds).toHaveLength(1);
    const builder = await page(`/quotes/new?requestId=${requestId}`, { cookie: await staffCookie() });
    expect(builder.status).toBe(200);
    expect(builder.html).toContain("Please quote new sod for the backyard.");
    // The photo frames the page renders before the photos themselves arrive, one per photo.
    expect(builder.html.match(/data-photo-id="\d+"/g)).toEqual(photoIds.map((id) => `data-photo-id="${id}"`));
  }, 240_000);
});

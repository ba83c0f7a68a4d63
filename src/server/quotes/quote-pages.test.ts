import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { quoteRequest, sentQuote } from "#test/fixtures/quotes";
import { rest, staffCaller, staffCookie } from "#test/helpers";
import { QUOTE_LINK_REVOKED, revokeQuoteLink } from "./quote-link";

/**
 * The quote pages as a browser gets them, from the server that owns the socket (scripts/server.mjs,
 * here in development mode on this file's database): the status a quote link's page answers with
 * (docs/security.md: unknown 404, withdrawn or expired 410) and the request's photos beside the
 * quote built from it. Next compiles each page on its first request, so this file is slow.
 */

let server: ChildProcess | undefined;
let pgliteDir: string | undefined;
let origin = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function waitUntilServing(deadline: number) {
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/services`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The development server did not start in time");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "development",
    NEXT_TELEMETRY_DISABLED: "1",
    JOB_WORKER: "false",
  };
  // This file's own database (test/setup-database.ts), or an embedded one of its own.
  if (!process.env.DATABASE_URL) {
    pgliteDir = mkdtempSync(path.join(tmpdir(), "greenscape-quote-pages-"));
    env.PGLITE_DIR = pgliteDir;
  }
  server = spawn(process.execPath, ["scripts/server.mjs", "--dev"], { env, detached: true, stdio: "ignore" });
  await waitUntilServing(Date.now() + 240_000);
}, 300_000);

afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

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

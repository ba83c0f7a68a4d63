import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run dev` answers /api through the same module as production (scripts/server.mjs --dev loads
 * src/server/http/api-server.ts from source): the cached public read and its 304 included, which
 * the route handlers that used to serve /api under `next dev` never gave.
 */

let server: ChildProcess | undefined;
let pgliteDir: string | undefined;

afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

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

async function firstAnswer(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The development server did not answer ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe("the development server", () => {
  it("serves /api through the production pipeline: a cached catalogue with its ETag, then 304", async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "development",
      NEXT_TELEMETRY_DISABLED: "1",
      JOB_WORKER: "false",
    };
    // This file's own database (test/setup-database.ts), or an embedded one of its own.
    if (!process.env.DATABASE_URL) {
      pgliteDir = mkdtempSync(path.join(tmpdir(), "greenscape-dev-"));
      env.PGLITE_DIR = pgliteDir;
    }
    server = spawn(process.execPath, ["scripts/server.mjs", "--dev"], { env, detached: true, stdio: "ignore" });

    const url = `http://127.0.0.1:${port}/api/services`;
    const first = await firstAnswer(url, Date.now() + 240_000);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toContain("public");

    const again = await fetch(url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  }, 300_000);
});

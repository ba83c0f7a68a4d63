import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface DevServer {
  origin: string;
  /** The first 200 answer to the path it was started with. */
  firstAnswer: Response;
  stop(): void;
}

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

/**
 * `scripts/server.mjs --dev` on a free port, on the calling test file's database
 * (test/support/setup-database.ts) or an embedded one of its own, once `readyPath` answers 200. Next
 * compiles on first request, so starting takes up to a few minutes on a busy machine.
 */
export async function startDevServer(readyPath = "/api/services"): Promise<DevServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "development",
    NEXT_TELEMETRY_DISABLED: "1",
    JOB_WORKER: "false",
  };
  const pgliteDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "greenscape-dev-"));
  if (pgliteDir) env.PGLITE_DIR = pgliteDir;
  const server = spawn(process.execPath, ["scripts/server.mjs", "--dev"], { env, detached: true, stdio: "ignore" });
  const stop = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}${readyPath}`);
      if (response.status === 200) return { origin, firstAnswer: response, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`The development server did not answer ${readyPath} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

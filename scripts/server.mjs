// The production server: Next.js behind node:http with a graceful stop. On SIGTERM or SIGINT it
// stops accepting connections and taking background jobs, lets requests and jobs in flight finish
// (answering requests with `Connection: close`), closes the database pool and exits; after 8 s it
// exits regardless (a job cut short is retried by another instance or the next start).
import http from "node:http";
import next from "next";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const GRACE_MS = 8000;

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

let stopping = false;
const server = http.createServer((request, response) => {
  if (stopping) response.setHeader("Connection", "close");
  handle(request, response);
});
server.keepAliveTimeout = 5000;
server.listen(port, hostname, () => {
  console.log(`[greenscape] Ready at http://localhost:${port}`);
});

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[greenscape] ${signal}: finishing requests in flight, then stopping.`);
  const forced = setTimeout(() => {
    server.closeAllConnections();
    process.exit(1);
  }, GRACE_MS);
  forced.unref();
  // The job worker that src/server/start-up.ts keeps on globalThis: it finishes the jobs in hand.
  const jobsStopped = Promise.resolve(globalThis.jobWorker?.stop(5000))
    .catch((error) => console.error("[greenscape] Job worker did not stop cleanly:", error));
  server.close(async () => {
    await jobsStopped;
    try {
      // The pool that src/server/db/index.ts keeps on globalThis.
      const handle = await globalThis.databaseHandle;
      await handle?.close();
    } catch {
      // the database may already be gone; nothing to flush
    }
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

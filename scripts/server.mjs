// The production server: Next.js behind node:http with a graceful stop. On SIGTERM or SIGINT it
// stops accepting connections, lets requests in flight finish (answering them with
// `Connection: close`), closes the database pool and exits; after 8 s it exits regardless.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import next from "next";

// What the app learns while answering one request, read back here. The app marks a request whose
// database was unavailable (src/server/http/request-state.ts); a page that then fails answers 503
// with Retry-After, like the API, instead of Next's 500.
const requestState = new AsyncLocalStorage();
globalThis.greenscapeRequestState = requestState;
const DATABASE_RETRY_AFTER_SECONDS = "5";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const GRACE_MS = 8000;

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

let stopping = false;
const server = http.createServer((request, response) => {
  if (stopping) response.setHeader("Connection", "close");
  const state = { databaseUnavailable: false };
  const writeHead = response.writeHead;
  response.writeHead = function (status, ...rest) {
    if (status >= 500 && state.databaseUnavailable) {
      this.setHeader("Retry-After", DATABASE_RETRY_AFTER_SECONDS);
      this.setHeader("Cache-Control", "no-store");
      return writeHead.call(this, 503, ...rest.filter((argument) => typeof argument !== "string"));
    }
    return writeHead.call(this, status, ...rest);
  };
  requestState.run(state, () => handle(request, response));
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
  server.close(async () => {
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

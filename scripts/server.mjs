// The server: Next.js behind node:http, so that this process owns the socket. It decides the
// client's address from the connection (see src/server/http/client-address.mjs), sets the
// security headers of every response (src/server/http/security-headers.mjs) and stops
// gracefully: on SIGTERM or SIGINT it stops accepting connections and taking background jobs, lets
// requests and jobs in flight finish (answering requests with `Connection: close`), closes the
// database pool and exits; after 8 s it exits regardless (a job cut short is retried by another
// instance or the next start). A page that fails because the database is away answers 503 with Retry-After.
// /api/* is answered by our own handlers (src/server/http/api-server.ts), without Next's router;
// Next serves the pages. In production that module is the bundle `npm run build` makes
// (scripts/build-api.mjs); with `--dev` (npm run dev) it is the same source loaded through tsx, so
// development runs the code production runs (restart the server after changing API code).
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import next from "next";
import { loadApiBundle, loadApiSource } from "./api-bundle.mjs";
import { processState } from "../src/server/process-state.mjs";
import { stampClientAddress } from "../src/server/api/client-address.mjs";
import { logRequestWhenDone } from "../src/server/http/request-log.mjs";
import { countWhileInFlight } from "../src/server/requests-in-flight.mjs";
import { prerenderedScriptHashes, securityHeaders } from "../src/server/http/security-headers.mjs";

// What the app learns while answering one request, read back here. The app marks a request whose
// database was unavailable (src/server/http/request-state.ts); a page that then fails answers 503
// with Retry-After, like the API, instead of Next's 500. A page may also name the status it
// answers with (410 for a withdrawn quote link), which Next has no way to set.
const requestState = new AsyncLocalStorage();
processState().requestState = requestState;
const DATABASE_RETRY_AFTER_SECONDS = "5";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const GRACE_MS = 8000;
// Validated again with every other setting by src/server/config.ts when the app starts.
const hopsText = process.env.TRUSTED_PROXY_HOPS?.trim() || "0";
const trustedProxyHops = Number(hopsText);
if (!/^\d+$/.test(hopsText) || trustedProxyHops > 10) {
  console.error("[greenscape] TRUSTED_PROXY_HOPS must be a whole number from 0 to 10.");
  process.exit(1);
}

// Strict-Transport-Security and upgrade-insecure-requests only when the public address is https.
const https = /^https:\/\//i.test(process.env.APP_URL?.trim() ?? "");

const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// Loaded after Next started the app (configuration, migrations, the job worker): both share them.
const serveApiRequest = dev ? await loadApiSource() : await loadApiBundle();
const applySecurityHeaders = securityHeaders({ prerendered: dev ? new Map() : prerenderedScriptHashes(".next"), dev, https });

let stopping = false;
const server = http.createServer((request, response) => {
  // The job worker gives way while requests are in flight (src/server/jobs/job-queue.ts).
  countWhileInFlight(response);
  if (stopping) response.setHeader("Connection", "close");
  /** @type {import("../src/server/process-state.mjs").RequestState} */
  const state = { databaseUnavailable: false };
  const writeHead = response.writeHead;
  /** @type {(status: number, ...rest: unknown[]) => http.ServerResponse} */
  const replaced = function (status, ...rest) {
    // `rest` is what writeHead takes after the status: an optional reason text, then the headers.
    const call = /** @type {(...args: unknown[]) => http.ServerResponse} */ (/** @type {unknown} */ (writeHead));
    if (status >= 500 && state.databaseUnavailable) {
      response.setHeader("Retry-After", DATABASE_RETRY_AFTER_SECONDS);
      response.setHeader("Cache-Control", "no-store");
      return call.call(response, 503, ...rest.filter((argument) => typeof argument !== "string"));
    }
    // A page that rendered what its status says (a withdrawn quote link: 410, src/server/http/request-state.ts).
    if (status === 200 && state.pageStatus) {
      return call.call(response, state.pageStatus, ...rest.filter((argument) => typeof argument !== "string"));
    }
    return call.call(response, status, ...rest);
  };
  response.writeHead = /** @type {typeof response.writeHead} */ (/** @type {unknown} */ (replaced));
  stampClientAddress(request, trustedProxyHops);
  // Development only, as Next did: the path, never the query string.
  if (dev) logRequestWhenDone(request, response, (line) => console.log(line));
  applySecurityHeaders(request, response);
  requestState.run(state, () => serveApiRequest(request, response) ?? handle(request, response));
});
if (dev) server.on("upgrade", app.getUpgradeHandler());
server.keepAliveTimeout = 5000;
server.listen(port, hostname, () => {
  console.log(`[greenscape] Ready at http://localhost:${port}`);
});

/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[greenscape] ${signal}: finishing requests in flight, then stopping.`);
  const forced = setTimeout(() => {
    server.closeAllConnections();
    process.exit(1);
  }, GRACE_MS);
  forced.unref();
  // The job worker that src/server/start-up.ts started: it finishes the jobs in hand.
  const jobsStopped = Promise.resolve(processState().jobWorker?.stop(5000)).catch((error) =>
    console.error("[greenscape] Job worker did not stop cleanly:", error),
  );
  server.close(async () => {
    await jobsStopped;
    try {
      // The pool that src/server/db/index.ts opened.
      const handle = await processState().databaseHandle;
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

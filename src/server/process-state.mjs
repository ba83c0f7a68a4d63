// What this Node.js process holds across its copies of the code. In production Next's bundle of
// the pages and the API bundle (scripts/build-api.mjs) are separate module graphs in one process,
// and under `npm run dev` Next's and tsx's are: a module-level variable would exist once per copy.
// So the process's state lives under one well-known key on globalThis, in this one module, which
// scripts/server.mjs imports as it is and the TypeScript code imports through its types.

const KEY = Symbol.for("greenscape.process-state");

/**
 * @typedef {{ databaseUnavailable: boolean, pageStatus?: 410 }} RequestState
 * @typedef {{
 *   databaseHandle?: Promise<import("./db/client").DatabaseHandle>,
 *   jobWorker?: import("./jobs/job-queue").JobWorker,
 *   caches?: import("./cache/state").CacheState,
 *   lastCatalogue?: { services: unknown, readAt: number },
 *   requestState?: import("node:async_hooks").AsyncLocalStorage<RequestState>,
 * }} ProcessState
 */

/** @returns {ProcessState} The one state object of this process. */
export function processState() {
  const holder = /** @type {Record<symbol, ProcessState | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[KEY] ??= {});
}

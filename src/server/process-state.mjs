// What this Node.js process holds across its copies of the code. In production Next's bundle of
// the pages and the API bundle (scripts/build-api.mjs) are separate module graphs in one process,
// and under `npm run dev` Next's and tsx's are: a module-level variable would exist once per copy.
// So the process's state lives under one well-known key on globalThis, in this one module, which
// scripts/server.mjs imports as it is and the TypeScript code imports through its types. Each slot
// is typed here only as far as scripts/server.mjs uses it; the module that fills a slot types it in
// full, so this file, below everything, imports nothing.

const KEY = Symbol.for("greenscape.process-state");

/**
 * @typedef {{ databaseUnavailable: boolean, pageStatus?: 410 }} RequestState
 * @typedef {{
 *   databaseHandle?: Promise<{ close(): Promise<void> }>,
 *   jobWorker?: { stop(timeoutMs?: number): Promise<void> },
 *   caches?: unknown,
 *   lastCatalogue?: unknown,
 *   requestState?: import("node:async_hooks").AsyncLocalStorage<RequestState>,
 *   requestCount?: { count: number, idle: Set<() => void> },
 * }} ProcessState
 */

/** @returns {ProcessState} The one state object of this process. */
export function processState() {
  const holder = /** @type {Record<symbol, ProcessState | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[KEY] ??= {});
}

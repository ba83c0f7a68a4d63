import { processState } from "@/server/process-state.mjs";

/**
 * Per-request facts the server (scripts/server.mjs) reads back after the app answered, through the
 * AsyncLocalStorage it puts in the process state; outside that server there is none and nothing
 * happens.
 */

/** This request found the database unavailable: a page that fails because of it answers 503. */
export function markDatabaseUnavailable(): void {
  const state = processState().requestState?.getStore();
  if (state) state.databaseUnavailable = true;
}

/**
 * The page being rendered answers with this status instead of 200, as the API does for the same
 * thing (a quote link staff withdrew: 410). Next lets a page choose 404 (notFound()) but no other
 * status, so the server that owns the socket writes it.
 */
export function answerPageWith(status: 410): void {
  const state = processState().requestState?.getStore();
  if (state) state.pageStatus = status;
}

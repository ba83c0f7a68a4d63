/**
 * Per-request facts the production server (scripts/server.mjs) reads back after the app answered.
 * It keeps them in an AsyncLocalStorage on globalThis, because Next bundles the app apart from it;
 * under `next dev` there is none and nothing happens.
 */
type RequestState = { databaseUnavailable: boolean };

const holder = globalThis as unknown as { greenscapeRequestState?: { getStore(): RequestState | undefined } };

/** This request found the database unavailable: a page that fails because of it answers 503. */
export function markDatabaseUnavailable(): void {
  const state = holder.greenscapeRequestState?.getStore();
  if (state) state.databaseUnavailable = true;
}

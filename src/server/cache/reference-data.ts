import { cacheState, cachesLive } from "./state";

/**
 * Small tables that every booking reads and staff write a few times a year (the service catalogue,
 * the notification settings, the webhook endpoints): read once and kept while this process hears
 * the database's change notifications (change-feed.ts), which forget them on any write to those
 * tables, on any instance. The code that writes them here forgets them at once as well
 * (`forgetReferenceData`), so the next read in this process never waits for the notification.
 */

// A safety net only: writes forget at once; it bounds a notification lost while reconnecting.
const LIFETIME_MS = 60_000;

/**
 * The value under `key`, loaded by `load` (on the caller's database or transaction) when it is not
 * kept. Kept only when loaded while nothing was forgotten, so a write racing the load is not
 * hidden; `undefined` and `null` (nothing found) are never kept. A transaction that writes one of
 * these tables must not read it back through here before it commits: it would keep what it wrote,
 * and a rollback announces nothing (the app's writers of these tables each write in a statement of
 * their own).
 */
export async function cachedReference<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  if (!cachesLive()) return load();
  const state = cacheState();
  const kept = state.reference.get(key);
  if (kept && now - kept.storedAt <= LIFETIME_MS) return kept.value as T;
  const generation = state.referenceGeneration;
  const value = await load();
  if (value != null && generation === state.referenceGeneration && cachesLive()) {
    state.reference.set(key, { value, storedAt: Date.now() });
  }
  return value;
}

/** A table of the reference data was written (here, or on another instance): read it again. */
export function forgetReferenceData(): void {
  const state = cacheState();
  state.referenceGeneration++;
  state.reference.clear();
}

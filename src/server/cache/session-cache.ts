import { cacheState, cachesLive } from "./state";

// Short: a sign-in looked up within this window is not looked up again. Revocations do not wait
// for it; they clear the cache on every instance at once (see change-feed.ts).
const SESSION_LIFETIME_MS = 30_000;
const MAX_SESSIONS = 10_000;

/** Keyed by the token's hash ("staff:<hash>", "customer:<hash>", "apiKey:<hash>"), never the token. */
export function cachedSession<T>(key: string, now = Date.now()): T | undefined {
  if (!cachesLive()) return undefined;
  const entry = cacheState().sessions.get(key);
  if (!entry) return undefined;
  if (now - entry.storedAt > SESSION_LIFETIME_MS) {
    cacheState().sessions.delete(key);
    return undefined;
  }
  return entry.value as T;
}

export function sessionsGeneration(): number {
  return cacheState().sessionsGeneration;
}

/** Stores a looked-up sign-in unless a revocation happened while it was looked up. */
export function storeSession(key: string, generation: number, value: unknown): void {
  const state = cacheState();
  if (generation !== state.sessionsGeneration || !cachesLive()) return;
  if (state.sessions.size >= MAX_SESSIONS) state.sessions.clear();
  state.sessions.set(key, { value, storedAt: Date.now() });
}

export function forgetSession(key: string): void {
  cacheState().sessions.delete(key);
}

/** A session, a person or a key changed: every cached sign-in is looked up again. */
export function invalidateSessions(): void {
  const state = cacheState();
  state.sessionsGeneration++;
  state.sessions.clear();
}

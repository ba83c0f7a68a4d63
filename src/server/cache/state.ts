/**
 * The in-process caches, kept on globalThis: Next bundles the pages apart from the API bundle that
 * scripts/server.mjs loads, and one invalidation must reach every copy of the code in the process.
 */
export interface CachedAnswer {
  body: string;
  etag: string;
  cacheControl: string;
  storedAt: number;
}

export interface CacheState {
  answers: Map<string, CachedAnswer>;
  /** Bumped by every invalidation: an answer computed across one is not stored. */
  answersGeneration: number;
  sessions: Map<string, { value: unknown; storedAt: number }>;
  sessionsGeneration: number;
}

const holder = globalThis as unknown as { greenscapeCaches?: CacheState };

export function cacheState(): CacheState {
  return (holder.greenscapeCaches ??= { answers: new Map(), answersGeneration: 0, sessions: new Map(), sessionsGeneration: 0 });
}

/**
 * The in-process caches, kept in the process state (process-state.mjs): Next bundles the pages apart
 * from the API, and one invalidation must reach every copy of the code in the process.
 */
import { processState } from "@/server/process-state.mjs";

export interface CachedAnswer {
  body: Buffer;
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
  reference: Map<string, { value: unknown; storedAt: number }>;
  referenceGeneration: number;
  /** The listener that currently hears the database's change notifications; null: none does. */
  listener: symbol | null;
}

export function cacheState(): CacheState {
  const holder = processState() as { caches?: Partial<CacheState> };
  const caches = (holder.caches ??= { listener: null });
  // Filled field by field: a development server keeps the process state across reloads, and the
  // state an older version of this code made lacks the fields added since.
  caches.answers ??= new Map();
  caches.answersGeneration ??= 0;
  caches.sessions ??= new Map();
  caches.sessionsGeneration ??= 0;
  caches.reference ??= new Map();
  caches.referenceGeneration ??= 0;
  caches.listener ??= null;
  return caches as CacheState;
}

/**
 * Whether cached answers and sign-ins may be served and stored now: only while this process hears
 * the database's change notifications (see change-feed.ts).
 */
export function cachesLive(): boolean {
  return cacheState().listener !== null;
}

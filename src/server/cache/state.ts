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
  const holder = processState() as { caches?: CacheState };
  return (holder.caches ??= {
    answers: new Map(),
    answersGeneration: 0,
    sessions: new Map(),
    sessionsGeneration: 0,
    reference: new Map(),
    referenceGeneration: 0,
    listener: null,
  });
}

/**
 * Whether cached answers and sign-ins may be served and stored now: only while this process hears
 * the database's change notifications (see change-feed.ts).
 */
export function cachesLive(): boolean {
  return cacheState().listener !== null;
}

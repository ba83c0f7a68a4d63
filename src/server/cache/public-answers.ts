import { createHash } from "node:crypto";
import { cacheState, cachesLive, type CachedAnswer } from "./state";

// A safety net only: writes invalidate at once. It also bounds answers that depend on the clock
// (a day stops being bookable at midnight) and any notification lost while reconnecting.
const ANSWER_LIFETIME_MS = 60_000;
const MAX_ANSWERS = 5_000;

export function strongEtag(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

export function cachedAnswer(key: string, now = Date.now()): CachedAnswer | null {
  if (!cachesLive()) return null;
  const answer = cacheState().answers.get(key);
  if (!answer) return null;
  if (now - answer.storedAt > ANSWER_LIFETIME_MS) {
    cacheState().answers.delete(key);
    return null;
  }
  return answer;
}

/** The generation to hand back to storeAnswer: taken before the answer is computed. */
export function answersGeneration(): number {
  return cacheState().answersGeneration;
}

/** Stores an answer unless an invalidation happened while it was computed (it may be stale). */
export function storeAnswer(key: string, generation: number, answer: Omit<CachedAnswer, "storedAt" | "etag">): CachedAnswer {
  // The bytes as sent: answered again without serializing or encoding anything.
  const stored = { ...answer, etag: strongEtag(answer.body), storedAt: Date.now() };
  const state = cacheState();
  if (generation !== state.answersGeneration || !cachesLive()) return stored;
  // Keys come from validated input (a date and a service), but a crawler can still walk them.
  if (state.answers.size >= MAX_ANSWERS) state.answers.clear();
  state.answers.set(key, stored);
  return stored;
}

/** Something a cached public answer is made of changed. */
export function invalidatePublicAnswers(): void {
  const state = cacheState();
  state.answersGeneration++;
  state.answers.clear();
}

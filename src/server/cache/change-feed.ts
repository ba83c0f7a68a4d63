import { invalidatePublicAnswers } from "./public-answers";
import { forgetReferenceData } from "./reference-data";
import { invalidateSessions } from "./session-cache";
import { cacheState } from "./state";
import { ALL_WATCHED_TABLES, WATCHED_TABLES } from "./watched-tables";

/**
 * The channel on which the database announces writes to the tables that cached answers are made
 * of: statement triggers on the tables of watched-tables.ts send the table's name. Every instance
 * listens, so a write on one reaches the caches of all.
 */
export const CHANGES_CHANNEL = "greenscape_changes";

const SIGN_IN_TABLES: ReadonlySet<string> = new Set(WATCHED_TABLES.signIns);
const ANSWER_TABLES: ReadonlySet<string> = new Set(WATCHED_TABLES.answers);
const REFERENCE_TABLES: ReadonlySet<string> = new Set(WATCHED_TABLES.reference);

function forgetEverything(): void {
  invalidateSessions();
  invalidatePublicAnswers();
  forgetReferenceData();
}

/**
 * A write made in this process: forget at once what it may have changed, before its notification
 * arrives. The reference data is not forgotten here (every booking is a write): the code that
 * writes its tables forgets it (reference-data.ts).
 */
export function forgetCachesAfterLocalWrite(): void {
  invalidateSessions();
  invalidatePublicAnswers();
}

/**
 * The caches serve only while this process listens: a process that cannot hear about writes
 * cannot know what is stale. Each listener is one owner; a closed one cannot silence a newer one.
 */
export function changeFeedEvents() {
  const owner = Symbol("listener");
  return {
    onMessage(table: string) {
      if (SIGN_IN_TABLES.has(table)) invalidateSessions();
      // A table this list does not know is treated as feeding the answers: stale is worse than a miss.
      if (ANSWER_TABLES.has(table) || !SIGN_IN_TABLES.has(table)) invalidatePublicAnswers();
      if (REFERENCE_TABLES.has(table) || !ALL_WATCHED_TABLES.has(table)) forgetReferenceData();
    },
    onListening() {
      forgetEverything();
      cacheState().listener = owner;
    },
    onDeaf() {
      if (cacheState().listener !== owner) return;
      cacheState().listener = null;
      forgetEverything();
    },
  };
}

import { invalidatePublicAnswers } from "./public-answers";
import { invalidateSessions } from "./session-cache";
import { cacheState } from "./state";

/**
 * The channel on which the database announces writes to the tables that cached answers are made
 * of: statement triggers (the migration's hand-written SQL holds the list of tables) send the
 * table's name. Every instance listens, so a write on one reaches the caches of all.
 */
export const CHANGES_CHANNEL = "greenscape_changes";

// Writes to these end or change sign-ins; any other watched table feeds the public answers.
const SIGN_IN_TABLES = new Set(["staff_sessions", "staff_users", "customer_sessions", "customers", "api_keys"]);
// Sign-in tables that cached answers are made of too: the staff month list shows customers' names.
const ANSWER_SIGN_IN_TABLES = new Set(["customers"]);

function forgetEverything(): void {
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
      if (!SIGN_IN_TABLES.has(table) || ANSWER_SIGN_IN_TABLES.has(table)) invalidatePublicAnswers();
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

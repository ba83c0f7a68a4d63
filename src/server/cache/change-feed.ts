import { invalidatePublicAnswers } from "./public-answers";
import { invalidateSessions } from "./session-cache";

/**
 * The channel on which the database announces writes to the tables that cached answers are made
 * of: statement triggers (the migration's hand-written SQL holds the list of tables) send the
 * table's name. Every instance listens, so a write on one reaches the caches of all.
 */
export const CHANGES_CHANNEL = "greenscape_changes";

// Writes to these end or change sign-ins; any other watched table feeds the public answers.
const SIGN_IN_TABLES = new Set(["staff_sessions", "staff_users", "customer_sessions", "customers", "api_keys"]);

export function applyDatabaseChange(table: string): void {
  if (SIGN_IN_TABLES.has(table)) invalidateSessions();
  else invalidatePublicAnswers();
}

/** The listening connection (re)connected: notifications may have been missed meanwhile. */
export function forgetEverything(): void {
  invalidateSessions();
  invalidatePublicAnswers();
}

import { APPLICATION_MESSAGES } from "@/lib/validation/applications";
import { ConflictError } from "@/server/errors";

/** The hint the database's keeping trigger raises with (drizzle/0029_programs_applications.sql). */
const KEPT_HINT = "application_record_kept";

function raisedByKeepingTrigger(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    if ((current as { hint?: unknown }).hint === KEPT_HINT) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a write to a record; the trigger's refusal (a record after its day, or younger than two
 * years deleted) is a plain 409, never a 500.
 */
export async function whileKept<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (raisedByKeepingTrigger(error)) throw new ConflictError(APPLICATION_MESSAGES.afterItsDay);
    throw error;
  }
}

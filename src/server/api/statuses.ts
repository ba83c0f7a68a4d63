import { GoneError } from "@/server/errors";
import { codeOfDomainError, STATUS_OF_CODE } from "./error-mapping";
import type { Meta } from "./meta";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * Every status an operation can answer, derived from what its procedure declares, so a new
 * operation is documented correctly by construction:
 * - its success status (201 for creations);
 * - 400 for input that does not parse or breaks a rule;
 * - 401 when its builder requires a sign-in;
 * - 403 for writes, which a browser on another site may not send with our cookies, and for staff
 *   operations, closed to a staff member who has not yet replaced a generated first password;
 * - 404 when its path names a record;
 * - 413 and 415 when it takes a JSON body;
 * - the statuses of the domain errors it declares (404, 409, 429...);
 * - 503 always: the database (or the payment provider) may be briefly away.
 */
export function documentedStatuses(meta: Meta | undefined): number[] {
  const statuses = new Set<number>([meta?.successStatus ?? 200, 400, 503]);
  const method = meta?.openapi?.method.toUpperCase() ?? "GET";
  if (meta?.access && meta.access !== "public") statuses.add(401);
  if (WRITES.has(method) || meta?.access === "staff" || meta?.access === "staffUser") statuses.add(403);
  if (meta?.openapi?.path.includes("{")) statuses.add(404);
  if (WITH_BODY.has(method)) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const kind of meta?.errors ?? []) {
    statuses.add(kind === GoneError || kind.prototype instanceof GoneError ? 410 : STATUS_OF_CODE[codeOfDomainError(kind)]);
  }
  return [...statuses].sort((a, b) => a - b);
}

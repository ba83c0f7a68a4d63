import type { Db } from "@/server/db";
import { enqueueJob } from "@/server/jobs/job-queue";
import { locateAddressesQueue } from "./locate-addresses-queue";

/** The tables whose addresses the job places. */
const LOCATED_TABLES: ReadonlySet<string> = new Set(["customers", "schedules"]);

/** How long a burst of writes is gathered into one run of the job. */
export const LOCATE_GATHER_MS = 250;

/**
 * Asks the locating job for a run after writes to the tables it places, as the change feed reports
 * them (docs/product-rules.md#where-each-visit-is). A notification arrives only once its
 * transaction has committed, so the run sees the rows that caused it; writes that arrive while a run
 * is being gathered join it. Nothing is written in the saving transaction, so a rush of bookings
 * adds one job every quarter second, not two for each booking. Missed notifications (a lost
 * listener) are made up by a run when listening starts again, and by the job's five-minute round.
 */
export function locateOnWrites(db: Db, onError: (error: unknown) => void, gatherMs = LOCATE_GATHER_MS) {
  let gathering: NodeJS.Timeout | null = null;
  const runSoon = () => {
    if (gathering) return;
    gathering = setTimeout(() => {
      gathering = null;
      enqueueJob(db, locateAddressesQueue, {}).catch(onError);
    }, gatherMs);
    gathering.unref();
  };
  return {
    /** A table was written. */
    written(table: string) {
      if (LOCATED_TABLES.has(table)) runSoon();
    },
    /** Listening (again): writes made while deaf were not heard. */
    listening: runSoon,
  };
}

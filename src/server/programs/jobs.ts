import { definePeriodicJob } from "@/server/jobs/job-definition";
import { runProgramRenewals } from "./renewal";

/**
 * Twice a day: renewal notices 30 days before a program's next season, and the renewals themselves
 * when it opens (each once: the notice by its key, the enrollment by its season). A failed run is
 * retried; the next run catches up anyway.
 */
export const renewProgramsJob = definePeriodicJob({
  name: "renew-programs",
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
  everySeconds: 43_200,
  work: (db) => runProgramRenewals(db).then(() => undefined),
});

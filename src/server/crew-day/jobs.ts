import { definePeriodicJob } from "@/server/jobs/job-definition";
import { forgetOldFieldActions } from "./field-actions";

/** The daily drop of the crews' idempotency keys too old to matter; each run is complete on its own. */
export const forgetFieldActionsJob = definePeriodicJob({
  name: "forget-field-actions",
  policy: { retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 300 },
  /** Once a day the crews' idempotency keys older than two days are dropped. */
  everySeconds: 86_400,
  work: forgetOldFieldActions,
});

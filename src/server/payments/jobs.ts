import { defineJob, NO_PAYLOAD } from "@/server/jobs/job-definition";
import { chargeAutopay } from "./autopay";
import { chargeAutopayQueue } from "./autopay-queue";
import { compactOwedTotal } from "./owed";

export const chargeAutopayJob = defineJob({
  ...chargeAutopayQueue,
  run: (db, job) => chargeAutopay(db, job.data.paymentId),
});

/** The hourly fold of the owed total's changes into one row; each run is complete on its own. */
export const compactOwedTotalJob = defineJob({
  name: "compact-owed-total",
  policy: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  payload: NO_PAYLOAD,
  /** Every hour the owed total's changes are folded into one row, so reading it stays a few rows. */
  everySeconds: 3_600,
  run: (db) => compactOwedTotal(db),
});

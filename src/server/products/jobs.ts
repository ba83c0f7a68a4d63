import { definePeriodicJob } from "@/server/jobs/job-definition";
import { queueLicenseExpiryEmails } from "./license-expiry";

/**
 * Twice a day the owners are told of licenses expiring within 30 days (each once, by its key). A
 * failed run is retried 3 times, 5 minutes apart and growing; the next run catches up anyway.
 */
export const warnLicenseExpiryJob = definePeriodicJob({
  name: "warn-license-expiry",
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
  everySeconds: 43_200,
  work: (db) => queueLicenseExpiryEmails(db),
});

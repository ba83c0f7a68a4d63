import { defineJobQueue, NO_PAYLOAD } from "@/server/jobs/job-definition";

// Apart from its handler (jobs.ts): the handler's module, locate-addresses.ts, also adds to this queue.

/**
 * Places addresses still without a map location (added when one is saved, and every few minutes
 * for the backfill); each run is complete on its own and a failed lookup falls back to the ZIP.
 */
export const locateAddressesQueue = defineJobQueue({
  name: "locate-addresses",
  policy: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  payload: NO_PAYLOAD,
});

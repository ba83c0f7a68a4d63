import { defineJob } from "@/server/jobs/job-definition";
import { configuredGeocoder } from "./geocoder";
import { locatePendingAddresses } from "./locate-addresses";
import { locateAddressesQueue } from "./locate-addresses-queue";

export const locateAddressesJob = defineJob({
  ...locateAddressesQueue,
  /** Every five minutes, addresses still without a location are placed (the backfill, and any missed save). */
  everySeconds: 300,
  run: async (db) => {
    const geocoder = configuredGeocoder();
    // A backfill goes on batch after batch; a job's lease bounds how long one run holds a worker.
    for (let round = 0; round < 5; round++) {
      if (!(await locatePendingAddresses(db, geocoder)).more) break;
    }
  },
});

import { z } from "zod";
import { defineJob, isLastAttempt } from "@/server/jobs/job-definition";
import { deliverWebhook } from "./deliver";

/** One webhook delivery: 11 attempts over roughly a day (17 to 34 hours). */
export const deliverWebhookJob = defineJob({
  name: "deliver-webhook",
  policy: { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
  payload: z.strictObject({ deliveryId: z.number().int() }),
  run: (db, job) => deliverWebhook(db, job.data.deliveryId, { last: isLastAttempt(job) }),
});

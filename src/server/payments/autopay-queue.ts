import { z } from "zod";
import { defineJobQueue } from "@/server/jobs/job-definition";

// Apart from its handler (jobs.ts): the handler is in autopay.ts, which also adds to this queue.

/** One autopay charge of a completed visit; Stripe's idempotency key makes every retry the same charge. */
export const chargeAutopayQueue = defineJobQueue({
  name: "charge-autopay",
  policy: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  payload: z.strictObject({ paymentId: z.number().int() }),
});

import { z } from "zod";
import { defineJobQueue } from "@/server/jobs/job-definition";

// Apart from its handler (jobs.ts): the handler's module imports send-email.ts, which adds to this queue.

/** An email from the outbox: 9 attempts over roughly 4 to 8 hours. */
export const sendEmailQueue = defineJobQueue({
  name: "send-email",
  policy: { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  payload: z.strictObject({ outboxId: z.number().int() }),
});

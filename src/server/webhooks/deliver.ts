import { eq } from "drizzle-orm";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/db/schema";
import { postWebhook } from "./post-webhook";
import { webhookHeaders } from "./signature";
import { webhookUrlProblem } from "./url-safety";

export class WebhookDeliveryError extends Error {}

/**
 * The delivery job's work: one signed POST of the event to the endpoint. A failure is recorded for
 * staff and thrown, so the queue tries again with a growing delay for about a day; after the last
 * attempt the delivery is failed. A delivery that succeeded, or whose endpoint is gone or switched
 * off, is not sent.
 */
export async function deliverWebhook(db: Db, deliveryId: number, attempt: { last: boolean }): Promise<void> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status === "succeeded" || row.delivery.status === "failed") return;

  const allowPrivate = config().webhooksAllowPrivateUrls;
  const problem = row.endpoint.enabled ? webhookUrlProblem(row.endpoint.url, allowPrivate) : "The endpoint is switched off";
  const now = new Date();
  if (problem) {
    await record(db, deliveryId, {
      status: "failed",
      attempts: row.delivery.attempts,
      lastError: problem,
      lastStatusCode: null,
      lastAttemptAt: now,
    });
    return;
  }

  const body = JSON.stringify(row.payload);
  const result = await postWebhook(
    row.endpoint.url,
    body,
    webhookHeaders(row.endpoint.secret, row.delivery.eventId, body, now),
    allowPrivate,
  );
  await record(db, deliveryId, {
    status: result.ok ? "succeeded" : attempt.last ? "failed" : "retrying",
    attempts: row.delivery.attempts + 1,
    lastStatusCode: result.status,
    lastError: result.error?.slice(0, 500) ?? null,
    lastAttemptAt: now,
    deliveredAt: result.ok ? new Date() : null,
  });
  if (!result.ok) throw new WebhookDeliveryError(`Webhook delivery ${deliveryId} to ${row.endpoint.url}: ${result.error}`);
}

async function record(db: Db, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

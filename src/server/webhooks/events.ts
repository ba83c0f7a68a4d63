import { randomBytes } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEventType } from "@/server/db/schema";
import { enqueueJob } from "@/server/jobs/job-queue";
import { deliverWebhookJob } from "./jobs";
import { WEBHOOK_DATA_SCHEMAS, type WebhookData } from "./payloads";

export function newEventId(): string {
  return `evt_${randomBytes(12).toString("base64url")}`;
}

/**
 * Records an event and queues one delivery per enabled endpoint that chose it, on `db` (the
 * caller's transaction, when it is one): the event exists exactly when what it reports does.
 * Nothing is stored, or read, when no endpoint listens.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  db: Db,
  type: T,
  data: WebhookData<T> | (() => Promise<WebhookData<T>>),
  now = new Date(),
) {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return null;

  const id = newEventId();
  // The payload is read only when someone listens: most events have no endpoint.
  const payload = typeof data === "function" ? await data() : data;
  const envelope = { id, type, createdAt: now.toISOString(), data: WEBHOOK_DATA_SCHEMAS[type].parse(toJson(payload)) };
  await db.insert(webhookEvents).values({ id, type, payload: envelope, createdAt: now });
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: id })))
    .returning({ id: webhookDeliveries.id });
  for (const delivery of deliveries) await enqueueJob(db, deliverWebhookJob, { deliveryId: delivery.id });
  return id;
}

/** Dates become ISO strings, as they will in the JSON body. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

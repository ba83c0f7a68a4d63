import { randomBytes } from "node:crypto";
import { and, arrayContains, eq, inArray, sql } from "drizzle-orm";
import { cachedReference } from "@/server/cache/reference-data";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
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
  const endpoints = (await enabledEndpoints(db)).filter((endpoint) => endpoint.events.includes(type));
  if (endpoints.length === 0) return null;

  const id = newEventId();
  // The payload is read only when someone listens: most events have no endpoint.
  const payload = typeof data === "function" ? await data() : data;
  const envelope = { id, type, createdAt: now.toISOString(), data: WEBHOOK_DATA_SCHEMAS[type].parse(toJson(payload)) };
  await db.insert(webhookEvents).values({ id, type, payload: envelope, createdAt: now });
  // To the endpoints still enabled for this event: one removed, turned off or unsubscribed on another
  // instance a moment ago may still be kept here until the change feed says so.
  const stillEnabled = db
    .select({ endpointId: webhookEndpoints.id, eventId: sql`${id}::text` })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(
          webhookEndpoints.id,
          endpoints.map((endpoint) => endpoint.id),
        ),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  const deliveries = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ${webhookDeliveries} (endpoint_id, event_id) ${stillEnabled} returning id`),
  );
  for (const delivery of deliveries) await enqueueJob(db, deliverWebhookJob, { deliveryId: delivery.id });
  return id;
}

/** Every enabled endpoint and the events it chose: asked of every event, kept between writes to the endpoints (reference-data.ts). */
function enabledEndpoints(db: Db): Promise<ReadonlyArray<{ id: number; events: readonly string[] }>> {
  return cachedReference("webhook-endpoints", () =>
    db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.enabled, true)),
  );
}

/** Dates become ISO strings, as they will in the JSON body. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { TWebhookDeliveryQuery, TWebhookEndpointForm } from "@/lib/validation/webhooks";
import { forgetReferenceData } from "@/server/cache/reference-data";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { newWebhookSecret } from "./signature";
import { webhookUrlProblem } from "./url-safety";

export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
const RECENT_DELIVERIES = 20;

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
};

function assertAllowedUrl(url: string) {
  const problem = webhookUrlProblem(url, config().webhooksAllowPrivateUrls);
  if (problem) throw new InvalidInputError(problem, "url");
}

/** Every endpoint, newest first, with the outcome of its latest delivery; never the secrets. */
export async function listWebhookEndpoints(db: Db) {
  const endpoints = await db.select(endpointColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));
  const latest = await db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      at: sql<Date>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
  const latestByEndpoint = new Map(latest.map((entry) => [entry.endpointId, entry]));
  return endpoints.map((endpoint) => {
    const last = latestByEndpoint.get(endpoint.id);
    return { ...endpoint, lastDelivery: last ? { status: last.status, at: last.at } : null };
  });
}

/** The secret is shown once here; staff can reveal it again in Settings. */
export async function createWebhookEndpoint(db: Db, form: TWebhookEndpointForm, createdByUserId: number | null) {
  assertAllowedUrl(form.url);
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      url: form.url,
      description: form.description || null,
      events: [...new Set(form.events)],
      enabled: form.enabled,
      secret: newWebhookSecret(),
      createdByUserId,
    })
    .returning({ ...endpointColumns, secret: webhookEndpoints.secret });
  forgetReferenceData();
  return { ...endpoint!, lastDelivery: null };
}

export async function updateWebhookEndpoint(db: Db, id: number, form: TWebhookEndpointForm) {
  assertAllowedUrl(form.url);
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set({ url: form.url, description: form.description || null, events: [...new Set(form.events)], enabled: form.enabled })
    .where(eq(webhookEndpoints.id, id))
    .returning(endpointColumns);
  if (!endpoint) throw new NotFoundError(ENDPOINT_NOT_FOUND);
  forgetReferenceData();
  return endpoint;
}

/** Its deliveries go with it; those still queued are not sent. */
export async function deleteWebhookEndpoint(db: Db, id: number) {
  const [deleted] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  if (!deleted) throw new NotFoundError(ENDPOINT_NOT_FOUND);
  forgetReferenceData();
}

export async function revealWebhookSecret(db: Db, id: number) {
  const [endpoint] = await db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw new NotFoundError(ENDPOINT_NOT_FOUND);
  return endpoint;
}

/**
 * The endpoint's deliveries, newest first, with what happened on their last attempt: one page,
 * of one status if asked, older than `before` for the next page.
 */
export async function listWebhookDeliveries(db: Db, endpointId: number, query: TWebhookDeliveryQuery = {}) {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw new NotFoundError(ENDPOINT_NOT_FOUND);
  return db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
        query.before ? lt(webhookDeliveries.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit ?? RECENT_DELIVERIES);
}

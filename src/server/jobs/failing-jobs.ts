import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { JOB_SCHEMA } from "./queues";

/** A job is worth a look once it has failed this many times in a row, before it gives up. */
const STRUGGLING_AFTER_RETRIES = 3;

/** The queue whose jobs show from their first failure. */
const WEBHOOK_DELIVERY_QUEUE = "deliver-webhook";

/**
 * Staff's names for the queues they meet most; any other shows as its queue's name. Keyed by the
 * name, not the definition, so that this folder imports no domain (a test checks each is a queue).
 */
export const QUEUE_LABELS: Record<string, string> = {
  "send-email": "Email",
  [WEBHOOK_DELIVERY_QUEUE]: "Webhook delivery",
  "send-reminders": "Visit reminders",
  "charge-autopay": "Autopay charge",
  "extend-series": "Recurring visits ahead",
  "warn-license-expiry": "License expiry warnings",
};

type JobRow = {
  id: string;
  name: string;
  state: "retry" | "failed";
  retry_count: number;
  retry_limit: number;
  data: unknown;
  output: unknown;
  created_on: string | Date;
  completed_on: string | Date | null;
  start_after: string | Date;
};

/**
 * Jobs that keep failing, for staff: those that gave up (failed, kept a week) and those still
 * retrying after several failures. A webhook delivery shows from its first failure until it
 * succeeds or gives up: an integrator's endpoint that is down is news for the office at once, and
 * it would otherwise hide among many newer deliveries. Read from pg-boss's job table, which holds
 * every job until it is archived; each of its queues is one of the app's job definitions.
 */
export async function listFailingJobs(db: Db) {
  const result: unknown = await db.execute(sql`
    select id, name, state, retry_count, retry_limit, data, output, created_on, completed_on, start_after
    from ${sql.identifier(JOB_SCHEMA)}.job
    where (state = 'failed' or (state = 'retry' and (retry_count >= ${STRUGGLING_AFTER_RETRIES} or name = ${WEBHOOK_DELIVERY_QUEUE})))
    order by coalesce(completed_on, start_after) desc
    limit 50`);
  const rows = (Array.isArray(result) ? result : (result as { rows: JobRow[] }).rows) as JobRow[];
  const deliveries = await describeDeliveries(db, rows);
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    label: QUEUE_LABELS[row.name] ?? row.name,
    state: row.state,
    // retry_count counts the retries started: a job waiting to retry has failed once more than that.
    attempts: row.retry_count + 1,
    error: errorMessage(row.output),
    target: deliveries.get(deliveryIdOf(row.data) ?? 0) ?? describeTarget(row.data),
    createdAt: new Date(row.created_on),
    /** When it gave up, or when it will try again. */
    at: new Date(row.completed_on ?? row.start_after),
  }));
}

/** Tries a failed job again now, with one more attempt. */
export async function retryFailedJob(db: Db, id: string) {
  const result: unknown = await db.execute(sql`
    update ${sql.identifier(JOB_SCHEMA)}.job
    set state = 'retry', retry_limit = retry_limit + 1, start_after = now()
    where id = ${id}::uuid and state = 'failed'
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  if (rows.length === 0) throw new NotFoundError("That job is not waiting for a retry");
}

function errorMessage(output: unknown): string | null {
  if (!output || typeof output !== "object") return null;
  const value =
    (output as { message?: unknown; value?: { message?: unknown } }).message ??
    (output as { value?: { message?: unknown } }).value?.message;
  return typeof value === "string" ? value.slice(0, 300) : null;
}

function deliveryIdOf(data: unknown): number | null {
  const deliveryId = data && typeof data === "object" ? (data as { deliveryId?: unknown }).deliveryId : null;
  return typeof deliveryId === "number" ? deliveryId : null;
}

/** "visit.updated to https://example.com/hook (delivery #12)": which integration is failing, and on what. */
async function describeDeliveries(db: Db, rows: JobRow[]): Promise<Map<number, string>> {
  const ids = rows.map((row) => deliveryIdOf(row.data)).filter((id): id is number => id !== null);
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: webhookDeliveries.id, url: webhookEndpoints.url, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.id, ids));
  return new Map(found.map((delivery) => [delivery.id, `${delivery.eventType} to ${delivery.url} (delivery #${delivery.id})`]));
}

function describeTarget(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const { outboxId, deliveryId } = data as { outboxId?: number; deliveryId?: number };
  if (outboxId) return `Outbox email #${outboxId}`;
  if (deliveryId) return `Delivery #${deliveryId}`;
  return null;
}

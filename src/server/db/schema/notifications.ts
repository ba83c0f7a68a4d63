import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { WebhookDeliveryStatus } from "@/lib/validation/webhooks";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { staffUsers } from "./staff";

export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "visit.updated",
  "visit.completed",
  "payment.completed",
  "customer.created",
  "message.received",
  "quote.sent",
  "quote.accepted",
  "quote.declined",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/validation/webhooks";

/** An integration's address: it receives the events it chose, signed with its own secret. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial().primaryKey(),
  url: text().notNull(),
  description: text(),
  events: text().array().$type<WebhookEventType[]>().notNull(),
  /** "whsec_" and base64 of 24 random bytes; kept to sign every delivery. */
  secret: text().notNull(),
  enabled: boolean().notNull().default(true),
  createdByUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Something that happened, once: its id lets receivers drop a delivery they already have. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text().primaryKey(),
    type: text().$type<WebhookEventType>().notNull(),
    payload: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_events_created_idx").on(t.createdAt)],
);

/** One event sent to one endpoint, with what happened on its last attempt. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial().primaryKey(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text().$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    lastAttemptAt: instant(),
    deliveredAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending', 'retrying', 'succeeded', 'failed')`),
    uniqueIndex("webhook_deliveries_endpoint_event_unique").on(t.endpointId, t.eventId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/**
 * A private iCalendar feed: a staff member's (every visit) or a customer's (their own). Only the
 * SHA-256 of the token in its address is kept; a new address replaces the old one, which stops working.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    staffUserId: integer().references(() => staffUsers.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: instant(),
  },
  (t) => [
    check("calendar_feeds_owner_check", sql`(${t.staffUserId} is null) <> (${t.customerId} is null)`),
    uniqueIndex("calendar_feeds_staff_unique").on(t.staffUserId).where(sql`${t.staffUserId} is not null`),
    uniqueIndex("calendar_feeds_customer_unique").on(t.customerId).where(sql`${t.customerId} is not null`),
  ],
);

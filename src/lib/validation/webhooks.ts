import { z } from "zod";
import { MAX_DATABASE_ID, optionalText } from "./fields";

/** What became of a delivery: waiting for its first attempt, failing and retrying, delivered, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${WEBHOOK_DELIVERIES_PAGE_MAX}`;
const BEFORE_MESSAGE = "before must be a delivery id";

/**
 * Which of an endpoint's deliveries to list: newest first, by status, one page at a time. Paging is
 * by id (`before` the last one seen), so rows arriving meanwhile never push a retrying or failed
 * delivery off the page being read.
 */
export const ZWebhookDeliveryQuerySchema = z.object({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: `Status must be one of: ${WEBHOOK_DELIVERY_STATUSES.join(", ")}` })
    .optional()
    .describe("Only deliveries with this status"),
  before: z
    .number({ error: BEFORE_MESSAGE })
    .int(BEFORE_MESSAGE)
    .positive(BEFORE_MESSAGE)
    .max(MAX_DATABASE_ID, BEFORE_MESSAGE)
    .optional()
    .describe("Only deliveries older than this one (its id): the next page"),
  limit: z
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(WEBHOOK_DELIVERIES_PAGE_MAX, LIMIT_MESSAGE)
    .optional()
    .describe("At most this many (20 unless given)"),
});
export type TWebhookDeliveryQuery = z.output<typeof ZWebhookDeliveryQuerySchema>;

/** The events a webhook endpoint can subscribe to: the database column, the API and the Settings form use this one list. */
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

export const WEBHOOK_EVENT_SUMMARIES: Record<WebhookEventType, string> = {
  "booking.created": "A customer booked a visit on the website",
  "visit.updated": "A visit was confirmed, moved (a rain day too) or cancelled",
  "visit.completed": "A visit was marked completed",
  "payment.completed": "A payment was completed (card, cash or check)",
  "customer.created": "A customer record was created (booking, staff, registration or inquiry)",
  "message.received": "A customer sent a portal message or a text, or someone sent the contact form or texted from an unknown number",
  "quote.sent": "A quote was emailed to a customer",
  "quote.accepted": "A customer accepted a quote (after its deposit, when one was asked) and it became a plan",
  "quote.declined": "A customer declined a quote",
};

export const WEBHOOK_URL_MESSAGE = "Enter a full URL, such as https://example.com/webhooks";
export const WEBHOOK_EVENTS_MESSAGE = "Choose at least one event";

/** Settings → Notifications → Webhooks: an endpoint's address and the events it receives. */
export const ZWebhookEndpointFormSchema = z.object({
  url: z
    .string({ error: WEBHOOK_URL_MESSAGE })
    .trim()
    .min(1, WEBHOOK_URL_MESSAGE)
    .max(2000, "Must be at most 2000 characters")
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_URL_MESSAGE })),
  description: optionalText(200),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event" }), { error: WEBHOOK_EVENTS_MESSAGE })
    .min(1, WEBHOOK_EVENTS_MESSAGE)
    .max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
});

export type TWebhookEndpointForm = z.output<typeof ZWebhookEndpointFormSchema>;

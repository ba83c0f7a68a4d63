import { z } from "zod";
import { optionalText } from "./fields";

export const WEBHOOK_EVENT_TYPE_VALUES = [
  "booking.created",
  "visit.updated",
  "visit.completed",
  "payment.completed",
  "customer.created",
  "message.received",
] as const;

export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPE_VALUES)[number];

export const WEBHOOK_EVENT_SUMMARIES: Record<TWebhookEventType, string> = {
  "booking.created": "A customer booked a visit on the website",
  "visit.updated": "A visit was confirmed, moved (a rain day too) or cancelled",
  "visit.completed": "A visit was marked completed",
  "payment.completed": "A payment was completed (card, cash or check)",
  "customer.created": "A customer record was created (booking, staff, registration or inquiry)",
  "message.received": "A customer sent a portal message, or someone sent the website's contact form",
};

export const WEBHOOK_URL_MESSAGE = "Enter a full URL, such as https://example.com/webhooks";
export const WEBHOOK_EVENTS_MESSAGE = "Choose at least one event";

/** Settings → Notifications → Webhooks: an endpoint's address and the events it receives. */
export const ZWebhookEndpointFormSchema = z.object({
  url: z.string({ error: WEBHOOK_URL_MESSAGE }).trim().min(1, WEBHOOK_URL_MESSAGE).max(2000, "Must be at most 2000 characters").pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_URL_MESSAGE })),
  description: optionalText(200),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPE_VALUES, { error: "Unknown event" }), { error: WEBHOOK_EVENTS_MESSAGE }).min(1, WEBHOOK_EVENTS_MESSAGE).max(WEBHOOK_EVENT_TYPE_VALUES.length),
  enabled: z.boolean().default(true),
});

export type TWebhookEndpointForm = z.output<typeof ZWebhookEndpointFormSchema>;

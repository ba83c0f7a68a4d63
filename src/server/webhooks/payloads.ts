import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/server/db/schema";

/**
 * What each event's `data` holds. These schemas build the payloads (unknown keys are dropped, so
 * nothing private leaks by accident) and describe them in the OpenAPI document's `webhooks`.
 * Money is in cents; instants are ISO 8601 in UTC.
 */
const ZWebhookCustomer = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

const ZWebhookAddress = {
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
};

export const ZBookingCreatedData = z.object({
  booking: z.object({
    reference: z.string().meta({ example: "GS-7KQ4MX" }),
    scheduleId: z.number().int(),
    status: z.string(),
    service: z.object({ id: z.number().int(), name: z.string() }),
    startTime: z.string().meta({ format: "date-time" }),
    endTime: z.string().meta({ format: "date-time" }),
    isRecurring: z.boolean(),
    recurringFrequency: z.enum(["weekly", "biweekly", "monthly"]).nullable(),
    totalPrice: z.number().int().meta({ description: "Cents" }),
    specialInstructions: z.string().nullable(),
    ...ZWebhookAddress,
    customer: ZWebhookCustomer,
  }),
});

export const ZVisitData = z.object({
  visit: z.object({
    id: z.string().meta({ description: "The visit's id, as the schedule API lists it" }),
    scheduleId: z.number().int(),
    customer: ZWebhookCustomer,
    service: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    startTime: z.string().meta({ format: "date-time" }),
    endTime: z.string().meta({ format: "date-time" }),
    status: z.enum(["pending", "confirmed", "completed", "cancelled"]),
    ...ZWebhookAddress,
  }),
  change: z.object({
    kind: z.enum(["confirmed", "moved", "cancelled", "completed", "status"]),
    previousStatus: z.string().nullable(),
    previousStartTime: z.string().meta({ format: "date-time" }).nullable(),
    rainDay: z.boolean(),
  }),
});

export const ZPaymentCompletedData = z.object({
  payment: z.object({
    id: z.number().int(),
    customerId: z.number().int(),
    scheduleId: z.number().int().nullable(),
    amount: z.number().int().meta({ description: "Cents" }),
    method: z.enum(["card", "cash", "check"]),
    paymentDate: z.string().meta({ format: "date-time" }),
  }),
});

export const ZCustomerCreatedData = z.object({
  customer: ZWebhookCustomer.extend({
    ...ZWebhookAddress,
    source: z.enum(["booking", "staff", "registration", "inquiry", "quote"]).meta({ description: "How the record came to be" }),
    createdAt: z.string().meta({ format: "date-time" }),
  }),
});

export const ZMessageReceivedData = z.object({
  message: z.object({
    id: z.number().int().meta({
      description: "Unique within its source; for a text, the message's id when it has a customerId, else the id of the inquiry it became",
    }),
    source: z.enum(["portal", "website", "text"]).meta({
      description: "A portal message, the website's contact form, or a text (from a customer, or from a number no customer has)",
    }),
    customerId: z.number().int().nullable().meta({ description: "Null for an inquiry that matched no customer" }),
    name: z.string(),
    email: z.string().meta({ description: "Empty for a text from a number no customer has" }),
    content: z.string(),
    receivedAt: z.string().meta({ format: "date-time" }),
  }),
});

const ZWebhookQuote = z.object({
  id: z.number().int(),
  version: z.number().int().meta({ description: "The version the event is about (the customer always sees the latest)" }),
  status: z.enum(["draft", "sent", "viewed", "accepted", "declined", "expired"]),
  customerId: z.number().int().nullable(),
  fullName: z.string(),
  email: z.string(),
  total: z.number().int().meta({ description: "Cents, tax included, required items only (optional items the customer may add)" }),
  expiresOn: z.string().meta({ format: "date", description: "The last Austin day it can be accepted" }),
});

export const ZQuoteSentData = z.object({ quote: ZWebhookQuote });

export const ZQuoteAcceptedData = z.object({
  quote: ZWebhookQuote,
  acceptance: z.object({
    signedName: z.string(),
    acceptedAt: z.string().meta({ format: "date-time" }),
    total: z.number().int().meta({ description: "Cents, with the optional items the customer chose" }),
    deposit: z.number().int().meta({ description: "Cents paid before acceptance; 0 when none was asked" }),
    scheduleId: z.number().int().nullable().meta({ description: "The plan the quote became; null for a lawn program's quote" }),
    enrollmentId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "For a lawn program's quote: the enrollment it made (its rounds are booked as they come due)" }),
    visitsNeedingTime: z.number().int().meta({ description: "Visits no crew was free for, created pending for staff to time" }),
  }),
});

export const ZQuoteDeclinedData = z.object({
  quote: ZWebhookQuote,
  reason: z.string().nullable(),
  declinedAt: z.string().meta({ format: "date-time" }),
});

export const WEBHOOK_DATA_SCHEMAS = {
  "booking.created": ZBookingCreatedData,
  "visit.updated": ZVisitData,
  "visit.completed": ZVisitData,
  "payment.completed": ZPaymentCompletedData,
  "customer.created": ZCustomerCreatedData,
  "message.received": ZMessageReceivedData,
  "quote.sent": ZQuoteSentData,
  "quote.accepted": ZQuoteAcceptedData,
  "quote.declined": ZQuoteDeclinedData,
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookData<T extends WebhookEventType> = z.input<(typeof WEBHOOK_DATA_SCHEMAS)[T]>;

/** The body of every delivery: the same bytes on every attempt. */
export function webhookEnvelopeSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    id: z
      .string()
      .meta({ description: "The event's id; the same on every retry, so receivers can drop duplicates", example: "evt_2fK9x0cQ7mVbY1nR" }),
    type: z.literal(type),
    createdAt: z.string().meta({ format: "date-time" }),
    data: WEBHOOK_DATA_SCHEMAS[type],
  });
}

export { WEBHOOK_EVENT_TYPES };

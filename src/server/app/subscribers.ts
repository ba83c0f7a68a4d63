import type { SubscriberTable } from "@/server/events/emit";
import { announceCustomerCreated, announceInquiry, announcePortalMessage, queueBookingAnnouncement } from "@/server/notifications/announce";
import { announcePaymentActionNeeded, announcePaymentCompleted } from "@/server/notifications/payment-notices";
import { announceVisitChange } from "@/server/notifications/visit-changes";
import { sendApplicationNotice } from "@/server/notifications/application-notice";
import { announceVisitCompleted } from "@/server/notifications/visit-completed";
import { onVisitCompleted } from "@/server/payments/autopay";
import { emitWebhookEvent } from "@/server/webhooks/events";

/**
 * Every domain event and who reacts to it, in order, inside the emitting transaction: the one place
 * to read what a change sets off. Customers and the office hear from notifications/, integrations
 * through webhooks/, and a completed visit is charged by payments/ when autopay is on. Addresses
 * are placed on the map from the change feed, after the commit (install.ts, locate-on-writes.ts).
 */
export const SUBSCRIBERS: SubscriberTable = {
  "visit.changed": [announceVisitChange],
  // Idempotent: completing a visit again (or twice at once) records no second autopay payment. The
  // customer's notice comes after it: a visit autopay charges is told with its receipt instead.
  "visit.completed": [onVisitCompleted, announceVisitCompleted],
  // The customer is told what was applied and why, once a record (docs/product-rules.md#application-records).
  "application.recorded": [sendApplicationNotice],
  // Nobody reacts inside the transaction: a new or changed address reaches locations/ through the change feed.
  "plan.saved": [],
  "booking.created": [queueBookingAnnouncement],
  "customer.created": [announceCustomerCreated],
  "customer.updated": [],
  "payment.completed": [announcePaymentCompleted],
  "payment.actionNeeded": [announcePaymentActionNeeded],
  "message.received": [announcePortalMessage],
  "inquiry.received": [announceInquiry],
  // Integrations hear of a quote's life with the webhook data its event carries.
  "quote.sent": [async (tx, { data, now }) => void (await emitWebhookEvent(tx, "quote.sent", data, now))],
  "quote.accepted": [async (tx, { data, now }) => void (await emitWebhookEvent(tx, "quote.accepted", data, now))],
  "quote.declined": [async (tx, { data, now }) => void (await emitWebhookEvent(tx, "quote.declined", data, now))],
};

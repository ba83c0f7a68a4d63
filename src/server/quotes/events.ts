import type { WebhookData } from "@/server/webhooks/payloads";

/**
 * A quote's life as integrations hear of it: each event carries its webhook's data, built by the
 * quote code that knows the quote, and the moment it happened.
 */
declare module "@/server/events/emit" {
  interface DomainEvents {
    "quote.sent": { data: WebhookData<"quote.sent">; now: Date };
    "quote.accepted": { data: WebhookData<"quote.accepted">; now: Date };
    "quote.declined": { data: WebhookData<"quote.declined">; now: Date };
  }
}

import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/validation/webhooks";

const ZWebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const ZWebhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(ZWebhookEventTypeSchema),
    enabled: z.boolean(),
    createdAt: z.date(),
    lastDelivery: z.object({ status: z.enum(["pending", "retrying", "succeeded", "failed"]), at: z.date() }).nullable(),
  })
  .meta({ id: "WebhookEndpoint" });

export const ZCreatedWebhookEndpointSchema = ZWebhookEndpointSchema.extend({
  secret: z.string().describe("The signing secret (whsec_…): verify each delivery's webhook-signature with it"),
}).meta({ id: "CreatedWebhookEndpoint" });

export const ZWebhookSecretSchema = z.object({ secret: z.string() }).meta({ id: "WebhookSecret" });

export const ZWebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    eventType: ZWebhookEventTypeSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.date().nullable(),
    deliveredAt: z.date().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "WebhookDelivery" });

import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/validation/webhooks";

export const ZNotificationSettingsResponseSchema = z
  .object({
    officeEmail: z.string(),
    notifyNewBooking: z.boolean(),
    notifyNewMessage: z.boolean(),
    notifyNewInquiry: z.boolean(),
    remindersEnabled: z.boolean(),
    reminderTime: z.string().describe("Austin time (HH:mm) the day-before reminders go out"),
  })
  .meta({ id: "NotificationSettings" });

export const ZFailingJobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    label: z.string(),
    state: z.enum(["retry", "failed"]).describe("failed: gave up; retry: still trying after several failures"),
    attempts: z.number().int(),
    error: z.string().nullable(),
    target: z.string().nullable(),
    createdAt: z.date(),
    at: z.date().describe("When it gave up, or when it tries again"),
  })
  .meta({ id: "FailingJob" });

export const ZOutboxEmailSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    kind: z.string().nullable(),
    status: z.enum(["queued", "sent", "outbox", "failed"]),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.date(),
    sentAt: z.date().nullable(),
  })
  .meta({ id: "OutboxEmail" });

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

export const ZReminderPreferenceResponseSchema = z.object({ remindersEnabled: z.boolean() }).meta({ id: "ReminderPreference" });

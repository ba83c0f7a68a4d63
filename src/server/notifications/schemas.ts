import { z } from "zod";

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

export const ZReminderPreferenceResponseSchema = z.object({ remindersEnabled: z.boolean() }).meta({ id: "ReminderPreference" });

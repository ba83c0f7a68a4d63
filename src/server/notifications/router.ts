import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { NotFoundError } from "@/server/errors";
import { ZNotificationSettingsSchema, ZReminderPreferenceSchema } from "@/lib/validation/notifications";
import { listFailingJobs, retryFailedJob } from "@/server/jobs/failing-jobs";
import { listRecentEmails } from "@/server/notifications/outbox";
import { getReminderPreference, setReminderPreference, unsubscribeFromReminders } from "@/server/notifications/preferences";
import { getNotificationSettings, saveNotificationSettings } from "@/server/notifications/settings";
import { createTRPCRouter, customerProcedure, publicProcedure, staffProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";
import {
  ZFailingJobSchema,
  ZNotificationSettingsResponseSchema,
  ZOutboxEmailSchema,
  ZReminderPreferenceResponseSchema,
} from "@/server/notifications/schemas";

/** Settings → Notifications, the customer's reminder choice and the emails' unsubscribe link. */
export const notificationsRouter = createTRPCRouter({
  settings: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/settings/notifications",
        tags: ["notifications"],
        summary: "Who is emailed about what, and when reminders go out",
      },
    })
    .input(ZNoInputSchema)
    .output(ZNotificationSettingsResponseSchema)
    .query(({ ctx }) => getNotificationSettings(ctx.db)),

  updateSettings: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: { method: "PUT", path: "/settings/notifications", tags: ["notifications"], summary: "Save the notification settings" },
    })
    .input(ZNotificationSettingsSchema)
    .output(ZNotificationSettingsResponseSchema)
    .mutation(({ ctx, input }) => saveNotificationSettings(ctx.db, input)),

  recentEmails: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/emails", tags: ["notifications"], summary: "The latest emails and whether they went out" },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZOutboxEmailSchema))
    .query(({ ctx }) => listRecentEmails(ctx.db)),

  failingJobs: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/jobs/failing",
        tags: ["notifications"],
        summary: "Background jobs that keep failing (emails, webhook deliveries, reminders)",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZFailingJobSchema))
    .query(({ ctx }) => listFailingJobs(ctx.db)),

  retryJob: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "POST", path: "/jobs/{id}/retry", tags: ["notifications"], summary: "Try a failed job again now" },
    })
    .input(z.object({ id: z.uuid({ error: "Job id must be a UUID" }) }))
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await retryFailedJob(ctx.db, input.id);
      return { success: true as const, message: "The job will be tried again" };
    }),

  reminderPreference: customerProcedure
    .meta({
      errors: [NotFoundError],
      openapi: {
        method: "GET",
        path: "/customer/notifications",
        tags: ["customer portal"],
        summary: "Whether I get the day-before visit reminder",
      },
    })
    .input(ZNoInputSchema)
    .output(ZReminderPreferenceResponseSchema)
    .query(({ ctx }) => getReminderPreference(ctx.db, ctx.customerSession.customer.id)),

  updateReminderPreference: customerProcedure
    .meta({
      errors: [NotFoundError],
      openapi: {
        method: "PUT",
        path: "/customer/notifications",
        tags: ["customer portal"],
        summary: "Turn the day-before visit reminder on or off",
      },
    })
    .input(ZReminderPreferenceSchema)
    .output(ZReminderPreferenceResponseSchema)
    .mutation(({ ctx, input }) => setReminderPreference(ctx.db, ctx.customerSession.customer.id, input.remindersEnabled)),

  unsubscribe: publicProcedure
    .meta({
      errors: [NotFoundError],
      openapi: {
        method: "POST",
        path: "/notifications/unsubscribe",
        tags: ["notifications"],
        summary: "Turn off visit reminders with the token from an email's unsubscribe link",
        protect: false,
      },
    })
    .input(
      z.object({ token: z.string({ error: "The unsubscribe link is incomplete" }).trim().max(100, "The unsubscribe link is not valid") }),
    )
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await unsubscribeFromReminders(ctx.db, input.token);
      return { success: true as const, message: "You will no longer receive visit reminders." };
    }),
});

import { z } from "zod";
import { TIME_PATTERN } from "@/lib/business-time";
import { emailField } from "./fields";

export const REMINDER_TIME_MESSAGE = "Choose a time between 6:00 AM and 9:00 PM";

/** Settings → Notifications: who hears of what, and when customers are reminded. */
export const ZNotificationSettingsSchema = z.object({
  /** The office address that hears of new bookings, portal messages and website inquiries. */
  officeEmail: emailField("Please enter a valid email address"),
  notifyNewBooking: z.boolean(),
  notifyNewMessage: z.boolean(),
  notifyNewInquiry: z.boolean(),
  /** The day-before reminder to customers, for the whole business. */
  remindersEnabled: z.boolean(),
  /** Austin time the reminders for tomorrow's visits go out, HH:mm. */
  reminderTime: z
    .string({ error: REMINDER_TIME_MESSAGE })
    .trim()
    .regex(TIME_PATTERN, { error: REMINDER_TIME_MESSAGE, abort: true })
    .refine((value) => value >= "06:00" && value <= "21:00", REMINDER_TIME_MESSAGE)
    .describe("HH:mm, Austin time, from 06:00 to 21:00"),
});

export type TNotificationSettings = z.output<typeof ZNotificationSettingsSchema>;

export const ZReminderPreferenceSchema = z.object({ remindersEnabled: z.boolean() });

import { z } from "zod";
import { DATE_PATTERN, isDateString } from "@/lib/business-time";

/** The rules a business sets for what customers may change themselves in the portal. */
export const ZSelfServiceRulesSchema = z
  .object({
    noticeHours: z
      .number({ error: "Notice must be a number of hours" })
      .int("Notice must be a whole number of hours")
      .min(0, "Notice cannot be negative")
      .max(336, "Notice can be at most 336 hours (two weeks)")
      .describe("Changes are allowed online until this many hours before a visit"),
    maxPauseDays: z
      .number({ error: "The longest pause must be a number of days" })
      .int("The longest pause must be a whole number of days")
      .min(1, "The longest pause must be at least 1 day")
      .max(365, "The longest pause can be at most 365 days")
      .describe("The longest pause a customer may choose, in days from today"),
    allowReschedule: z
      .boolean({ error: "Say whether customers may reschedule" })
      .describe("False: customers may only skip, not move a visit"),
  })
  .meta({ id: "SelfServiceRules" });
export type TSelfServiceRules = z.infer<typeof ZSelfServiceRulesSchema>;

export const DEFAULT_SELF_SERVICE_RULES: TSelfServiceRules = { noticeHours: 24, maxPauseDays: 90, allowReschedule: true };

export const ZDateField = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .regex(DATE_PATTERN, { error: `${what} must be a date written yyyy-MM-dd`, abort: true })
    .refine(isDateString, `${what} must be a date written yyyy-MM-dd`);

/** What a customer can ask of one of their visits; the preview and the action take the same input. */
export const ZSelfServiceActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("skip") }),
    z.object({
      action: z.literal("reschedule"),
      date: ZDateField("The new date"),
      timeSlot: z
        .string({ error: "Pick a time" })
        .trim()
        .regex(/^\d{2}:\d{2}$/, "Pick a time such as 10:00"),
    }),
    z.object({ action: z.literal("pause"), until: ZDateField("The date to resume") }),
    z.object({ action: z.literal("resume") }),
    z.object({ action: z.literal("endPlan") }),
  ],
  { error: "Choose skip, reschedule, pause, resume or endPlan" },
);
export type TSelfServiceAction = z.infer<typeof ZSelfServiceActionSchema>;

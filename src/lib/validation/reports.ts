import { z } from "zod";
import { daysIn, MAX_REPORT_DAYS, REPORT_GROUPINGS, REPORT_PERIOD_MESSAGES } from "@/lib/reports";
import { dateStringField } from "./fields";

const periodFields = {
  from: dateStringField(REPORT_PERIOD_MESSAGES.from).describe("The period's first Austin day, yyyy-MM-dd"),
  to: dateStringField(REPORT_PERIOD_MESSAGES.to).describe("The period's last Austin day, yyyy-MM-dd (included)"),
};

/** The first day on or before the last, and at most a year and a day between them. */
function withPeriodRules<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((period) => period.from <= period.to, { error: REPORT_PERIOD_MESSAGES.order, path: ["to"] })
    .refine((period) => period.from > period.to || daysIn(period) <= MAX_REPORT_DAYS, {
      error: REPORT_PERIOD_MESSAGES.length,
      path: ["to"],
    });
}

/** A report's period: Austin days, both included. */
export const ZReportPeriodInput = withPeriodRules(z.object(periodFields));

/** Revenue is also grouped by day, week (Monday to Sunday) or month. */
export const ZRevenueReportInput = withPeriodRules(
  z.object({
    ...periodFields,
    by: z
      .enum(REPORT_GROUPINGS, { error: REPORT_PERIOD_MESSAGES.by })
      .default("month")
      .describe("How the days are grouped: day, week (Monday to Sunday) or month"),
  }),
);

/** The owed report is a picture of one day: what was owed at its end. */
export const ZOwedReportInput = z.object({
  asOf: dateStringField("The day must be a date written yyyy-MM-dd").describe("The Austin day at whose end the debts are aged, yyyy-MM-dd"),
});

import { z } from "zod";
import { daysIn, MAX_REPORT_DAYS, REPORT_PERIOD_MESSAGES } from "@/lib/reports";
import { dateStringField, optionalText, positiveIdNumber } from "./fields";

// The inspector's applications report: a period of Austin days and optional filters.
// docs/product-rules.md#the-inspectors-report

export const APPLICATIONS_REPORT_MESSAGES = {
  productId: "The product must be given by its id, a whole number",
  staffUserId: "The applicator must be given by their staff id, a whole number",
  customerId: "The customer must be given by their id, a whole number",
  customerBoth: "Filter by the customer's id or by the recorded name, not both",
} as const;

export const ZApplicationsReportInput = z
  .object({
    from: dateStringField(REPORT_PERIOD_MESSAGES.from).describe("The first Austin day of application, yyyy-MM-dd"),
    to: dateStringField(REPORT_PERIOD_MESSAGES.to).describe("The last Austin day of application, yyyy-MM-dd (included)"),
    productId: positiveIdNumber(APPLICATIONS_REPORT_MESSAGES.productId).optional().describe("Only records that applied this product"),
    staffUserId: positiveIdNumber(APPLICATIONS_REPORT_MESSAGES.staffUserId)
      .optional()
      .describe("Only records of this applicator (a staff user's id)"),
    customerId: positiveIdNumber(APPLICATIONS_REPORT_MESSAGES.customerId).optional().describe("Only records of this customer on file"),
    customerName: optionalText(200).describe(
      "Only records written under this customer name (any case): finds a deleted customer's records by the name they keep",
    ),
  })
  .refine((input) => input.from <= input.to, { error: REPORT_PERIOD_MESSAGES.order, path: ["to"] })
  .refine((input) => input.from > input.to || daysIn(input) <= MAX_REPORT_DAYS, { error: REPORT_PERIOD_MESSAGES.length, path: ["to"] })
  .refine((input) => !(input.customerId && input.customerName), {
    error: APPLICATIONS_REPORT_MESSAGES.customerBoth,
    path: ["customerName"],
  });

export type TApplicationsReportInput = z.infer<typeof ZApplicationsReportInput>;

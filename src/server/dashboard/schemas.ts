import { z } from "zod";
import { CUSTOMER_CHANGES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";

export const ZDashboardStatsSchema = z
  .object({
    upcomingServices: z.number().int().describe("Pending or confirmed visits from now through the next 30 days (Austin time)"),
    completedThisMonth: z.number().int().describe("Visits completed in the current Austin calendar month"),
    unreadMessages: z.number().int().describe("Customer messages not yet read by staff"),
    openInquiries: z.number().int().describe("Website contact-form inquiries not yet marked handled"),
    owedTotal: z.number().int().describe("Cents owed for every completed, unpaid visit"),
    autopayNeedingCustomer: z.number().int().describe("Autopay charges the card did not cover, waiting for the customer"),
    visitsNeedingTime: z
      .number()
      .int()
      .describe("Visits waiting, pending, for staff to give them a time (GET /schedules/needing-time lists them)"),
  })
  .meta({ id: "DashboardStats" });

export const ZRecentMessageSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    content: z.string(),
    timestamp: z.date(),
    read: z.boolean(),
    senderType: z.enum(["user", "customer"]),
    customer: z.object({ fullName: z.string() }),
  })
  .meta({ id: "RecentMessage" });

/** One change customers made themselves: one action on one plan, with its author and time. */
export const ZCustomerChangeSchema = z
  .object({
    customerId: z.number().int(),
    customerName: z.string().describe("Who made the change: the customer"),
    scheduleId: z.number().int(),
    serviceName: z.string().nullable(),
    customerChange: z
      .enum(CUSTOMER_CHANGES)
      .nullable()
      .describe("skipped, rescheduled or paused; null for a cancellation (status cancelled) or a resume"),
    status: z.enum(SCHEDULE_STATUSES),
    changedAt: z.date(),
    firstStartTime: z.date().describe("The first visit it changed"),
    visits: z.number().int().describe("How many visits it changed"),
  })
  .meta({ id: "CustomerChange" });

export const ZWeekDaySchema = z
  .object({
    date: z.string().describe("An Austin date, yyyy-MM-dd"),
    visits: z.number().int().describe("Visits starting that day, whatever their status"),
  })
  .meta({ id: "WeekDay" });

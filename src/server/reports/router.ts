import { ROLES } from "@/lib/staff-roles";
import { ZOwedReportInput, ZReportPeriodInput, ZRevenueReportInput } from "@/lib/validation/reports";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { owedReport } from "./owed-report";
import { planReport } from "./plan-report";
import { quoteReport } from "./quote-report";
import { revenueReport } from "./revenue-report";
import { ZOwedReport, ZPlanReport, ZQuoteReport, ZRevenueReport, ZWorkReport } from "./schemas";
import { workReport } from "./work-report";

/** How the business is doing, for owners and office (docs/product-rules.md#reports). */
export const reportsRouter = createTRPCRouter({
  revenue: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/reports/revenue",
        tags: ["reports"],
        summary:
          "Money collected by day, week or month, by card, cash and check, less refunds; by service and by crew; with the year before",
      },
    })
    .input(ZRevenueReportInput)
    .output(ZRevenueReport)
    .query(({ ctx, input }) => revenueReport(ctx.db, input)),

  owed: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/reports/owed",
        tags: ["reports"],
        summary: "What customers owed at the end of a day, aged 0-30, 31-60, 61-90 and over 90 days, with who owes; and a year before",
      },
    })
    .input(ZOwedReportInput)
    .output(ZOwedReport)
    .query(({ ctx, input }) => owedReport(ctx.db, input)),

  work: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/reports/work",
        tags: ["reports"],
        summary:
          "Visits completed, skipped and cancelled per week; each crew's visits a day, time on site and driving; with the year before",
      },
    })
    .input(ZReportPeriodInput)
    .output(ZWorkReport)
    .query(({ ctx, input }) => workReport(ctx.db, input)),

  plans: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/reports/plans",
        tags: ["reports"],
        summary: "Recurring plans active, paused, ended and new per month, with the year before",
      },
    })
    .input(ZReportPeriodInput)
    .output(ZPlanReport)
    .query(({ ctx, input }) => planReport(ctx.db, input)),

  quotes: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/reports/quotes",
        tags: ["reports"],
        summary: "Quotes sent, accepted and declined per month, the win rate and the value won, with the year before",
      },
    })
    .input(ZReportPeriodInput)
    .output(ZQuoteReport)
    .query(({ ctx, input }) => quoteReport(ctx.db, input)),
});

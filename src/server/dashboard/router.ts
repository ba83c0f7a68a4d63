import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { dashboardStats } from "@/server/dashboard/stats";
import { listCustomerChanges } from "@/server/dashboard/customer-changes";
import { listRecentMessages } from "@/server/dashboard/recent-messages";
import { weekVisitCounts } from "@/server/dashboard/week";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZCustomerChangeSchema, ZDashboardStatsSchema, ZRecentMessageSchema, ZWeekDaySchema } from "@/server/dashboard/schemas";

export const dashboardRouter = createTRPCRouter({
  stats: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/dashboard-stats",
        tags: ["dashboard"],
        summary: "The dashboard's counts and what is owed, in Austin time",
      },
    })
    .input(ZNoInputSchema)
    .output(ZDashboardStatsSchema)
    .query(({ ctx }) => dashboardStats(ctx.db)),

  recentMessages: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/dashboard/recent-messages",
        tags: ["dashboard"],
        summary: "The three latest messages, either direction",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZRecentMessageSchema))
    .query(({ ctx }) => listRecentMessages(ctx.db)),

  customerChanges: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/dashboard/customer-changes",
        tags: ["dashboard"],
        summary: "The five latest changes customers made themselves in the portal (skip, move, pause, resume, cancel), with who and when",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZCustomerChangeSchema))
    .query(({ ctx }) => listCustomerChanges(ctx.db)),

  week: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/dashboard/week",
        tags: ["dashboard"],
        summary: "This week, Monday to Sunday in Austin days, with each day's number of visits",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZWeekDaySchema))
    .query(({ ctx }) => weekVisitCounts(ctx.db)),
});

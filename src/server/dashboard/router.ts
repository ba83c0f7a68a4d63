import { z } from "zod";
import { dashboardStats } from "@/server/dashboard/stats";
import { listRecentMessages } from "@/server/dashboard/recent-messages";
import { weekVisitCounts } from "@/server/dashboard/week";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZDashboardStatsSchema, ZRecentMessageSchema, ZWeekDaySchema } from "@/server/dashboard/schemas";

export const dashboardRouter = createTRPCRouter({
  stats: staffProcedure
    .meta({ openapi: { method: "GET", path: "/dashboard-stats", tags: ["dashboard"], summary: "The dashboard's counts and what is owed, in Austin time" } })
    .input(ZNoInputSchema)
    .output(ZDashboardStatsSchema)
    .query(({ ctx }) => dashboardStats(ctx.db)),

  recentMessages: staffProcedure
    .meta({ openapi: { method: "GET", path: "/dashboard/recent-messages", tags: ["dashboard"], summary: "The three latest messages, either direction" } })
    .input(ZNoInputSchema)
    .output(z.array(ZRecentMessageSchema))
    .query(({ ctx }) => listRecentMessages(ctx.db)),

  week: staffProcedure
    .meta({ openapi: { method: "GET", path: "/dashboard/week", tags: ["dashboard"], summary: "This week, Monday to Sunday in Austin days, with each day's number of visits" } })
    .input(ZNoInputSchema)
    .output(z.array(ZWeekDaySchema))
    .query(({ ctx }) => weekVisitCounts(ctx.db)),
});

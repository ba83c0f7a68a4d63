import { z } from "zod";
import { dashboardStats } from "@/server/dashboard/stats";
import { listRecentMessages } from "@/server/dashboard/recent-messages";
import { createTRPCRouter, staffProcedure } from "../trpc";
import { ZNoInputSchema } from "../schemas/common";
import { ZDashboardStatsSchema, ZRecentMessageSchema } from "../schemas/dashboard";

export const dashboardRouter = createTRPCRouter({
  stats: staffProcedure
    .meta({ openapi: { method: "GET", path: "/dashboard-stats", tags: ["dashboard"], summary: "The dashboard's three counts, in Austin time" } })
    .input(ZNoInputSchema)
    .output(ZDashboardStatsSchema)
    .query(({ ctx }) => dashboardStats(ctx.db)),

  recentMessages: staffProcedure
    .meta({ openapi: { method: "GET", path: "/dashboard/recent-messages", tags: ["dashboard"], summary: "The three latest messages, either direction" } })
    .input(ZNoInputSchema)
    .output(z.array(ZRecentMessageSchema))
    .query(({ ctx }) => listRecentMessages(ctx.db)),
});

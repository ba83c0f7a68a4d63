import type { Metadata } from "next";
import { todaysScheduleInput, weekScheduleInput } from "@/components/staff/dashboard/dashboard-queries";
import { RecentMessages } from "@/components/staff/dashboard/recent-messages";
import { StatCards } from "@/components/staff/dashboard/stat-cards";
import { TodaysSchedule } from "@/components/staff/dashboard/todays-schedule";
import { WeekStrip } from "@/components/staff/dashboard/week-strip";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // Every panel arrives filled, so nothing below a panel moves when its answer comes.
  await Promise.all([
    prefetchApi.dashboard.stats.prefetch({}),
    prefetchApi.dashboard.recentMessages.prefetch({}),
    prefetchApi.schedules.list.prefetch(todaysScheduleInput()),
    prefetchApi.schedules.list.prefetch(weekScheduleInput()),
  ]);
  return (
    <HydrateClient>
      <div className="mx-auto max-w-6xl space-y-6">
        <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
        <StatCards />
        <div className="grid gap-6 lg:grid-cols-2">
          <TodaysSchedule />
          <RecentMessages />
        </div>
        <WeekStrip />
      </div>
    </HydrateClient>
  );
}

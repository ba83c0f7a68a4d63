import { requireStaffPage } from "@/server/app/sign-in-gates";
import type { Metadata } from "next";
import { CrewProblems } from "@/components/staff/dashboard/crew-problems";
import { CustomerChanges } from "@/components/staff/dashboard/customer-changes";
import { RecentMessages } from "@/components/staff/dashboard/recent-messages";
import { QuoteRequestsCard } from "@/components/quotes/quote-requests-card";
import { LicenseWarnings } from "@/components/staff/dashboard/license-warnings";
import { NeedsTimeCard } from "@/components/staff/dashboard/needs-time-card";
import { StatCards } from "@/components/staff/dashboard/stat-cards";
import { TodaysSchedule } from "@/components/staff/dashboard/todays-schedule";
import { WeekStrip } from "@/components/staff/dashboard/week-strip";
import { businessToday } from "@/lib/business-time";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Dashboard" };

/** A panel's answer, or null so that panel says it could not load while the others still show. */
async function orNull<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    console.error("A dashboard panel could not be loaded", error);
    return null;
  }
}

/**
 * The dashboard only shows, so it renders entirely on the server: the phone gets finished HTML,
 * hydrates nothing of it and nothing moves once painted. Counts are SQL aggregates; only today's
 * visits come whole.
 */
export default async function DashboardPage() {
  const { user } = await requireStaffPage("/dashboard");
  const api = await serverApi();
  const today = businessToday();
  const [stats, todays, messages, week, changes, problems, quoteRequests, licenseWarnings] = await Promise.all([
    orNull(api.dashboard.stats({})),
    orNull(api.schedules.list({ startDate: today, endDate: today })),
    orNull(api.dashboard.recentMessages({})),
    orNull(api.dashboard.week({})),
    orNull(api.dashboard.customerChanges({})),
    orNull(api.crewDay.problems({})),
    orNull(api.quoteRequests.list({ status: "open" })),
    // Staff licenses are the owners' to keep: only they are warned.
    user.role === "owner" ? orNull(api.licenses.warnings({})) : Promise.resolve(null),
  ]);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
      <StatCards stats={stats} />
      {licenseWarnings && licenseWarnings.length > 0 ? <LicenseWarnings warnings={licenseWarnings} /> : null}
      {problems === null || problems.length > 0 ? <CrewProblems problems={problems} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <QuoteRequestsCard open={quoteRequests?.length ?? null} />
        <NeedsTimeCard count={stats?.visitsNeedingTime ?? null} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TodaysSchedule today={today} visits={todays} />
        <RecentMessages messages={messages} />
      </div>
      <WeekStrip today={today} days={week} />
      <CustomerChanges changes={changes} />
    </div>
  );
}

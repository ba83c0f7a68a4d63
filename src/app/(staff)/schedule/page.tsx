import type { Metadata } from "next";
import { Suspense } from "react";
import { ScheduleScreen } from "@/components/staff/schedule/schedule-screen";
import { dayVisitsInput, monthCountsInput } from "@/components/staff/schedule/schedule-queries";
import { PageSpinner } from "@/components/ui/spinner";
import { businessToday, isDateString } from "@/lib/business-time";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Schedule" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function SchedulePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const today = businessToday();
  // The calendar arrives with its month's counts and the chosen day's visits; the forms fetch their own.
  if (params.new !== "true" && params.edit === undefined) {
    const initialDate = typeof params.date === "string" && isDateString(params.date) ? params.date : today;
    await Promise.all([prefetchApi.schedules.dayCounts.prefetch(monthCountsInput(initialDate)), prefetchApi.schedules.list.prefetch(dayVisitsInput(initialDate))]);
  }
  return (
    <HydrateClient>
      <Suspense fallback={<PageSpinner />}>
        <ScheduleScreen today={today} />
      </Suspense>
    </HydrateClient>
  );
}

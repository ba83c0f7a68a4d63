import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireStaff } from "@/server/app/sign-in-gates";
import { customerPickerInput } from "@/components/staff/customers/customer-list-input";
import { ScheduleScreen } from "@/components/staff/schedule/schedule-screen";
import { dayVisitsInput, monthCountsInput, NEEDING_TIME_INPUT } from "@/components/staff/schedule/schedule-queries";
import { businessToday, isDateString } from "@/lib/business-time";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Schedule" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function SchedulePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const today = businessToday();
  // Planning (the new and edit forms) is the office's; a crew member gets their crew's day.
  const { user } = await requireStaff();
  if (user.role === "crew" && (params.new !== undefined || params.edit !== undefined || params.needsTime !== undefined))
    redirect("/schedule");
  const editId = typeof params.edit === "string" && /^\d{1,9}$/.test(params.edit) && Number(params.edit) > 0 ? Number(params.edit) : null;
  if (params.needsTime === "true") {
    await prefetchApi.schedules.needingTime.prefetch(NEEDING_TIME_INPUT);
  } else if (params.new === "true" || editId !== null) {
    // The form arrives with its first customers and the services to choose from.
    await Promise.all([
      prefetchApi.customers.search.prefetch(customerPickerInput()),
      prefetchApi.services.list.prefetch({}),
      ...(params.new !== "true" && editId !== null ? [prefetchApi.schedules.get.prefetch({ id: editId })] : []),
    ]);
  } else {
    // The calendar arrives with its month's counts and the chosen day's visits.
    const initialDate = typeof params.date === "string" && isDateString(params.date) ? params.date : today;
    await Promise.all([
      prefetchApi.schedules.dayCounts.prefetch(monthCountsInput(initialDate)),
      prefetchApi.schedules.list.prefetch(dayVisitsInput(initialDate)),
      ...(user.role === "crew" ? [] : [prefetchApi.schedules.needingTime.prefetch(NEEDING_TIME_INPUT)]),
    ]);
  }
  return (
    <HydrateClient>
      <ScheduleScreen today={today} />
    </HydrateClient>
  );
}

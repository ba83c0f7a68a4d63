"use client";

import { ArrowLeft, Sprout } from "lucide-react";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { businessDateOf, businessTimeOf, isDateString, type DateString } from "@/lib/business-time";
import { ROLES } from "@/lib/staff-roles";
import { api } from "@/trpc/react";
import { useStaffCan } from "@/components/staff/use-staff-session";
import { NeedsTimeBadge } from "@/components/staff/needs-time-badge";
import { NeedsTimeList } from "./needs-time-list";
import { ScheduleCalendarView } from "./schedule-calendar-view";

// The form (react-hook-form, zod) loads only on ?new and ?edit, not with the calendar.
const ScheduleForm = dynamic(() => import("./schedule-form").then((module) => module.ScheduleForm), { loading: () => <PageSpinner /> });
const EditScheduleForm = dynamic(
  () =>
    import("./schedule-form").then(
      ({ ScheduleForm: Form, valuesFromSchedule }) =>
        function EditScheduleForm({
          id,
          today,
          schedule,
        }: {
          id: number;
          today: string;
          schedule: Parameters<typeof valuesFromSchedule>[0];
        }) {
          return (
            <Form
              key={id}
              today={today}
              scheduleId={id}
              initialValues={valuesFromSchedule(schedule, businessDateOf, businessTimeOf)}
              agreedPrice={schedule.totalPrice}
            />
          );
        },
    ),
  { loading: () => <PageSpinner /> },
);

function positiveId(value: string | null): number | undefined {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** The lawn programs' rounds due, which the office schedules from (owners and office). */
function RoundsDueLink() {
  if (!useStaffCan(ROLES.office)) return null;
  return (
    <ButtonLink href="/programs/rounds-due" prefetch={false} variant="outline" size="sm">
      <Sprout aria-hidden="true" className="size-4" />
      Rounds due
    </ButtonLink>
  );
}

function BackToSchedule() {
  return (
    <ButtonLink href="/schedule" variant="ghost" className="-ml-3">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Schedule
    </ButtonLink>
  );
}

function EditSchedule({ id, today }: { id: number; today: string }) {
  const schedule = api.schedules.get.useQuery({ id });
  if (schedule.isPending) return <PageSpinner />;
  if (schedule.isError) return <p className="text-sm text-red-700">{schedule.error.message}</p>;
  return (
    <>
      <NeedsTimeNote count={schedule.data.visitsNeedingTime} recurring={schedule.data.isRecurring} />
      <EditScheduleForm key={id} id={id} today={today} schedule={schedule.data} />
    </>
  );
}

/** On the edit form: this visit (or some of this series') waits for staff to give it a time. */
function NeedsTimeNote({ count, recurring }: { count: number; recurring: boolean }) {
  if (count === 0) return null;
  return (
    <div className="space-y-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900" data-testid="needs-time-note">
      <NeedsTimeBadge />
      <p>
        {recurring
          ? `${count} visit${count === 1 ? "" : "s"} of this series ${count === 1 ? "needs" : "need"} a time: no crew was free where the accepted quote put ${count === 1 ? "it" : "them"}. Save the series and choose to move the clashing visits to the nearest free time, or confirm each on the calendar to keep its time.`
          : "No crew was free at this visit's time when the quote was accepted. Pick a date and time a crew is free and save, or set it Confirmed to keep this time."}
      </p>
    </div>
  );
}

/**
 * ?new=true opens the create form, ?edit={id} the edit form, ?needsTime=true the visits waiting
 * for a time, otherwise the calendar on ?date or
 * today. Today comes from the server, so the server's first screen and the browser's agree.
 */
export function ScheduleScreen({ today }: { today: DateString }) {
  const params = useSearchParams();
  const editId = positiveId(params.get("edit"));
  const customerId = positiveId(params.get("customerId"));
  const requestedDate = params.get("date");
  const initialDate = requestedDate && isDateString(requestedDate) ? requestedDate : today;

  if (params.get("needsTime") === "true") {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackToSchedule />
        <h1 className="text-2xl font-bold text-gray-900">Visits needing a time</h1>
        <NeedsTimeList />
      </div>
    );
  }
  if (params.get("new") === "true") {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackToSchedule />
        <h1 className="text-2xl font-bold text-gray-900">Schedule New Service</h1>
        <ScheduleForm today={today} preselectedCustomerId={customerId} />
      </div>
    );
  }
  if (editId) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackToSchedule />
        <h1 className="text-2xl font-bold text-gray-900">Edit Service</h1>
        <EditSchedule id={editId} today={today} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-gray-900">Schedule</h1>
        <RoundsDueLink />
      </div>
      <ScheduleCalendarView
        key={initialDate}
        initialDate={initialDate}
        today={today}
        newHref={customerId ? `/schedule?new=true&customerId=${customerId}` : "/schedule?new=true"}
      />
    </div>
  );
}

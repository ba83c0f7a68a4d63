"use client";

import { ROLES } from "@/lib/staff-roles";
import { useStaffCan } from "@/components/staff/use-staff-session";
import { CalendarClock, Pencil } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useId, useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";
import { VisitSummary, type ScheduleVisit } from "../visit-summary";
import { SCHEDULE_STATUSES } from "@/lib/schedule-enums";
import { crewMayChangeVisitStatus } from "@/lib/crew-day";
import { VisitFieldReport } from "./visit-field-report";
import { ApplicationForm } from "@/components/applications/application-form";
import { useApplicationChoices } from "@/components/applications/use-application-choices";
import { VisitApplication } from "@/components/applications/visit-application";
import { isTreatmentCategory } from "@/lib/applications";

// The dialog's code (and its dialog library) loads when Move visit is pressed, not with the day.
const MoveVisitDialog = dynamic(() => import("./move-visit-dialog").then((module) => module.MoveVisitDialog), { loading: () => null });

/** One visit of the selected day; its status changes on its own, even inside a series. */
export function VisitCard({ visit }: { visit: ScheduleVisit }) {
  const utils = api.useUtils();
  const statusId = useId();
  // One list for every card of the day (the query is shared), so each card can name its crew.
  const crews = api.crews.list.useQuery({}, { staleTime: 60_000 });
  const crewName = visit.crewId === null ? null : crews.data?.find((crew) => crew.id === visit.crewId)?.name;
  // A crew member changes the status of their crew's visits; editing the plan is the office's.
  const plans = useStaffCan(ROLES.office);
  const [moving, setMoving] = useState(false);
  // A treatment visit is completed with its application record (docs/product-rules.md#application-records).
  const services = api.services.list.useQuery({}, { staleTime: 60_000 });
  const treatment = isTreatmentCategory(services.data?.find((service) => service.id === visit.serviceId)?.category);
  const application = api.applications.forVisit.useQuery({ visitId: visit.visitId }, { enabled: treatment });
  const [recording, setRecording] = useState(false);
  const choices = useApplicationChoices(recording);
  const stillToDo = visit.status === "pending" || visit.status === "confirmed";
  // A crew member changes today's visits and completes an earlier day's late; the server refuses
  // the rest (docs/product-rules.md#staff-roles), so the select offers only what it would accept.
  const mayChooseStatus = (status: string) => plans || status === visit.status || crewMayChangeVisitStatus(visit.startTime, status);
  const statusLocked = SCHEDULE_STATUSES.every((status) => status === visit.status || !mayChooseStatus(status));
  const lockedNoteId = useId();
  const setStatus = api.schedules.setVisitStatus.useMutation({
    onSuccess: async () => {
      toast({ title: "Service updated successfully" });
      setRecording(false);
      await Promise.all([utils.schedules.invalidate(), utils.dashboard.invalidate(), utils.applications.invalidate()]);
    },
    onError: (error) => toast({ title: "Failed to update service", description: errorMessage(error), variant: "destructive" }),
  });

  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="visit-card">
      <div className="flex gap-3">
        <VisitSummary visit={visit} />
        <p className="shrink-0 text-sm font-semibold text-gray-900">{formatCents(visit.totalPrice)}</p>
      </div>
      <p className="mt-1 text-sm text-gray-700" data-testid="visit-crew">
        {visit.crewId === null ? "No crew assigned yet" : crewName ? `Crew: ${crewName}` : null}
      </p>
      {visit.needsTime ? (
        <p className="mt-2 rounded-lg bg-orange-50 p-2 text-sm text-orange-900">
          No crew was free at this time when the quote was accepted.{" "}
          {plans
            ? visit.isRecurring
              ? "Give it a time with Move visit, or confirm it to keep this time."
              : "Give it a time with Edit, or confirm it to keep this time."
            : "The office will give it a time."}
        </p>
      ) : null}
      {visit.notes ? <p className="mt-2 rounded-lg bg-gray-50 p-2 text-sm text-gray-700">{visit.notes}</p> : null}
      {visit.specialInstructions ? <p className="mt-2 text-sm text-gray-700">Instructions: {visit.specialInstructions}</p> : null}
      {visit.crewId !== null ? <VisitFieldReport visitId={visit.visitId} startTime={visit.startTime} /> : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={statusId} className="mb-1 block text-xs font-medium text-gray-700">
            {visit.isRecurring ? "Status of this visit" : "Status"}
          </label>
          <select
            id={statusId}
            value={visit.status}
            disabled={setStatus.isPending || statusLocked}
            aria-describedby={statusLocked ? lockedNoteId : undefined}
            onChange={(event) => {
              const status = event.target.value as (typeof SCHEDULE_STATUSES)[number];
              // Completing a treatment visit without its record opens the record's form instead.
              if (status === "completed" && treatment && !application.data?.record) return setRecording(true);
              setStatus.mutate({ visitId: visit.visitId, status });
            }}
            className="min-h-11 rounded-lg border border-gray-300 bg-white px-3 text-sm capitalize"
          >
            {SCHEDULE_STATUSES.map((status) => (
              <option key={status} value={status} disabled={!mayChooseStatus(status)}>
                {status}
              </option>
            ))}
          </select>
          {statusLocked ? (
            <p id={lockedNoteId} className="mt-1 text-xs text-gray-600">
              The office changes visits of other days.
            </p>
          ) : null}
        </div>
        {plans ? (
          <Link
            href={`/schedule?edit=${visit.id}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {visit.isRecurring ? "Edit series" : "Edit"}
            <span className="sr-only">for {visit.customer.fullName}</span>
          </Link>
        ) : null}
        {plans && visit.isRecurring && stillToDo ? (
          <button
            type="button"
            onClick={() => setMoving(true)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            <CalendarClock aria-hidden="true" className="size-4" />
            Move visit
            <span className="sr-only">of {visit.customer.fullName}</span>
          </button>
        ) : null}
      </div>
      {recording && application.data ? (
        <ApplicationForm
          products={choices.products}
          applicators={choices.applicators}
          defaults={{
            areaSqFt: application.data?.prefill.areaTreatedSqFt ?? null,
            targetPest: application.data?.prefill.targetPest ?? null,
          }}
          submitLabel="Record and complete"
          onCancel={() => setRecording(false)}
          onSubmit={async (input) => {
            await setStatus.mutateAsync({ visitId: visit.visitId, status: "completed", application: input }).catch((error) => {
              throw new Error(errorMessage(error));
            });
          }}
        />
      ) : null}
      {treatment && stillToDo && application.data && !application.data.record && !recording ? (
        <p className="mt-2 text-sm text-amber-900">Treatment visit: completing it asks for its application record.</p>
      ) : null}
      {treatment ? <VisitApplication visitId={visit.visitId} /> : null}
      {moving ? <MoveVisitDialog visit={visit} open onClose={() => setMoving(false)} /> : null}
    </li>
  );
}

"use client";

import { LawnPrograms } from "./lawn-programs";
import { useState } from "react";
import { CalendarDays, Clock, MapPin, Repeat } from "lucide-react";
import { Button, ButtonLink } from "@/components/ui/button";
import { toast } from "@/components/toast/toast-store";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { formatPostalAddress } from "@/lib/postal-address";
import { api, type RouterOutputs } from "@/trpc/react";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { StatusBadge } from "@/components/ui/status-badge";
import { VisitPhotos } from "./visit-photos";
import { errorMessage } from "@/components/error-text";
import { PlanChangeDialog, type PlanAction } from "./plan-change-dialog";
import { CustomerChangeNote, PlanActions } from "./plan-actions";
import { AwaitingConfirmation } from "./awaiting-confirmation";
import { QueryWait } from "./query-wait";
import { PortalEmptyState } from "./portal-empty-state";

type Appointment = RouterOutputs["portal"]["appointments"]["upcoming"][number];
type Rules = RouterOutputs["portal"]["appointments"]["rules"];

/** A paused plan offers "Resume" once, on its first paused visit. */
function firstPausedVisits(upcoming: Appointment[]): Set<string> {
  const seen = new Map<number, string>();
  for (const appointment of upcoming) {
    if (appointment.customerChange === "paused" && !seen.has(appointment.planId)) seen.set(appointment.planId, appointment.visitId);
  }
  return new Set(seen.values());
}

export function AppointmentsTab() {
  const appointments = api.portal.appointments.useQuery({});
  const [toCancel, setToCancel] = useState<Appointment | null>(null);
  const [toChange, setToChange] = useState<{ appointment: Appointment; action: PlanAction } | null>(null);

  if (appointments.isPending || appointments.isError) return <QueryWait query={appointments} what="appointments" />;
  const { upcoming, past, awaitingConfirmation, historyHidden, rules } = appointments.data;
  const resumable = firstPausedVisits(upcoming);

  return (
    <div className="space-y-8">
      <AwaitingConfirmation appointments={awaitingConfirmation} />
      <LawnPrograms />
      <section aria-labelledby="upcoming-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="upcoming-heading" className="text-xl font-semibold text-gray-900">
            Upcoming Appointments
          </h2>
          <ButtonLink href="/book" variant="accent">
            Book Service
          </ButtonLink>
        </div>
        {upcoming.length === 0 ? (
          <EmptyState text="You don't have any upcoming appointments" />
        ) : (
          <ul className="mt-4 space-y-3">
            {upcoming.map((appointment) => (
              <AppointmentCard
                key={appointment.visitId}
                appointment={appointment}
                rules={rules}
                showResume={resumable.has(appointment.visitId)}
                onCancel={() => setToCancel(appointment)}
                onAction={(action) => setToChange({ appointment, action })}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-heading">
        <h2 id="past-heading" className="text-xl font-semibold text-gray-900">
          Past Appointments
        </h2>
        {past.length === 0 ? (
          <EmptyState text="No past appointments found" />
        ) : (
          <ul className="mt-4 space-y-3">
            {past.map((appointment) => (
              <AppointmentCard key={appointment.visitId} appointment={appointment} />
            ))}
          </ul>
        )}
      </section>
      {historyHidden ? (
        <p className="text-sm text-gray-700">
          Your visits and payments appear here once you confirm your email address with the link we sent.
        </p>
      ) : null}
      <CancelDialog appointment={toCancel} onClose={() => setToCancel(null)} />
      <PlanChangeDialog target={toChange} rules={rules} onClose={() => setToChange(null)} />
    </div>
  );
}

function EmptyState({ text }: { text: string }) {
  return <PortalEmptyState icon={CalendarDays} text={text} />;
}

function AppointmentCard({
  appointment,
  rules,
  showResume = false,
  onCancel,
  onAction,
}: {
  appointment: Appointment;
  rules?: Rules;
  showResume?: boolean;
  onCancel?: () => void;
  onAction?: (action: PlanAction) => void;
}) {
  const place = formatPostalAddress(appointment);
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5" data-testid="appointment-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-gray-900">{appointment.serviceName ?? "Lawn care visit"}</p>
          <p className="mt-1 flex items-center gap-2 text-sm text-gray-700">
            <CalendarDays aria-hidden="true" className="size-4" />
            {formatBusinessDate(appointment.startTime, "EEEE, MMMM d, yyyy")}
          </p>
          <p className="mt-1 flex items-center gap-2 text-sm text-gray-700">
            <Clock aria-hidden="true" className="size-4" />
            {formatBusinessDate(appointment.startTime, "h:mm a")} – {formatBusinessDate(appointment.endTime, "h:mm a")}
          </p>
          {place ? (
            <p className="mt-1 flex items-center gap-2 text-sm text-gray-700">
              <MapPin aria-hidden="true" className="size-4" />
              {place}
            </p>
          ) : null}
          {appointment.isRecurring ? (
            <p className="mt-1 flex items-center gap-2 text-sm capitalize text-gray-700">
              <Repeat aria-hidden="true" className="size-4" />
              {appointment.recurringFrequency ?? "weekly"} service
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-2">
          <StatusBadge status={appointment.status} />
          <p className="font-semibold text-gray-900">{formatCents(appointment.totalPrice)}</p>
        </div>
      </div>
      <CustomerChangeNote appointment={appointment} />
      {appointment.status === "completed" ? <VisitPhotos visitId={appointment.visitId} /> : null}
      {rules && onCancel && onAction ? (
        <PlanActions appointment={appointment} rules={rules} showResume={showResume} onAction={onAction} onCancel={onCancel} />
      ) : null}
    </li>
  );
}

function CancelDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const utils = api.useUtils();
  const cancel = api.portal.cancelAppointment.useMutation({
    onSuccess: async () => {
      toast({ title: "Visit cancelled", description: "We have taken it off the schedule." });
      await utils.portal.appointments.invalidate();
      onClose();
    },
    onError: (error) => {
      toast({
        title: "Could not cancel",
        description: errorMessage(error, { answer: "An unknown error occurred", exception: "An unknown error occurred" }),
        variant: "destructive",
      });
    },
  });
  return (
    <ModalDialog open={appointment !== null} onClose={onClose} title="Cancel this visit?">
      {appointment ? (
        <>
          <p className="text-gray-700">
            {appointment.serviceName ?? "Lawn care visit"} on {formatBusinessDate(appointment.startTime, "EEEE, MMMM d")} at{" "}
            {formatBusinessDate(appointment.startTime, "h:mm a")}
            {appointment.isRecurring ? ". Only this visit is cancelled; the rest of the series stays booked." : "."}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
              Keep visit
            </Button>
            <Button variant="destructive" onClick={() => cancel.mutate({ id: appointment.visitId })} disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel visit"}
            </Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}

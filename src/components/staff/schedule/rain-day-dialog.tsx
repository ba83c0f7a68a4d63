"use client";

import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { addDays, businessToday, formatBusinessDate, isDateString, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { ActionRow } from "@/components/ui/action-row";

const dayLabel = (date: DateString) => formatBusinessDate(startOfBusinessDay(date), "EEEE, MMMM d, yyyy");
const timeLabel = (instant: Date) => formatBusinessDate(instant, "h:mm a");

/**
 * Rain day: move every pending or confirmed visit of a day to another day in one confirmed
 * action. The preview lists what moves, any slot the crews could not cover and any crew that
 * would hold two visits at once; nothing moves until the conflicts are gone.
 */
export function RainDayDialog({
  fromDate,
  open,
  onClose,
  onMoved,
}: {
  fromDate: DateString;
  open: boolean;
  onClose: () => void;
  onMoved: (toDate: DateString) => void;
}) {
  const today = businessToday();
  const [toDate, setToDate] = useState(() => addDays(fromDate < today ? today : fromDate, 1));
  const validTarget = isDateString(toDate) && toDate !== fromDate && toDate >= today;
  const utils = api.useUtils();
  const preview = api.schedules.rainDayPreview.useQuery({ fromDate, toDate }, { enabled: open && validTarget });
  const move = api.schedules.rainDayMove.useMutation({
    onSuccess: async (result) => {
      toast({
        title: "Visits moved",
        description: `${result.movedVisits} visit${result.movedVisits === 1 ? "" : "s"} moved to ${dayLabel(result.toDate)}; ${result.notifiedCustomers} customer${result.notifiedCustomers === 1 ? "" : "s"} notified.`,
      });
      await Promise.all([utils.schedules.invalidate(), utils.dashboard.invalidate()]);
      onMoved(result.toDate);
    },
    onError: async (error) => {
      toast({ title: "Failed to move visits", description: errorMessage(error), variant: "destructive" });
      await utils.schedules.rainDayPreview.invalidate();
    },
  });

  const plan = validTarget ? preview.data : undefined;
  const canMove = Boolean(plan && plan.visits.length > 0 && plan.conflicts.length === 0) && !move.isPending;

  return (
    <ModalDialog open={open} onClose={onClose} title="Reschedule for weather">
      <p className="mb-4 text-sm text-gray-700">
        Move every pending or confirmed visit of <strong>{dayLabel(fromDate)}</strong> to another day. Times and recurring series are kept,
        and each customer gets a message in their portal with the new date.
      </p>
      <TextField
        label="Move visits to"
        type="date"
        value={toDate}
        min={today}
        onChange={(event) => setToDate(event.target.value)}
        error={toDate && !validTarget ? "Pick a day from today on, other than the rain day" : undefined}
      />
      <div className="mt-4 min-h-16" aria-live="polite">
        {validTarget && preview.isPending ? <Spinner label="Checking the crew's capacity" /> : null}
        {validTarget && preview.isError ? <p className="text-sm text-red-700">{preview.error.message}</p> : null}
        {plan && plan.visits.length === 0 ? (
          <p className="text-sm text-gray-700">There are no pending or confirmed visits to move on this day.</p>
        ) : null}
        {plan && plan.visits.length > 0 ? (
          <>
            <h3 className="mb-2 text-sm font-semibold text-gray-900">
              {plan.visits.length} visit{plan.visits.length === 1 ? "" : "s"} will move to {dayLabel(plan.toDate)}
            </h3>
            <ul className="space-y-1 text-sm text-gray-700">
              {plan.visits.map((visit) => (
                <li key={visit.visitId}>
                  {visit.customerName}: {timeLabel(visit.newStartTime)} – {timeLabel(visit.newEndTime)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {plan && plan.conflicts.length > 0 ? (
          <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">
              {plan.crewCapacity} crew{plan.crewCapacity === 1 ? "" : "s"}, each one visit at a time. Nothing will move until these are
              resolved:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {plan.conflicts.map((conflict, index) => (
                <li key={`${conflict.visitId}-${index}`}>
                  {conflict.customerName} ({timeLabel(conflict.newStartTime)}): {conflict.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <ActionRow back={onClose} className="mt-6">
        <Button disabled={!canMove} onClick={() => move.mutate({ fromDate, toDate })}>
          {move.isPending ? "Moving..." : `Move ${plan?.visits.length ?? 0} visit${plan?.visits.length === 1 ? "" : "s"}`}
        </Button>
      </ActionRow>
    </ModalDialog>
  );
}

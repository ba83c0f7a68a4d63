"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/toast/toast-store";
import { errorMessage } from "@/components/error-text";
import { addDays, businessDateOf, businessToday, formatBusinessDate } from "@/lib/business-time";
import { api, type RouterOutputs } from "@/trpc/react";
import { PlanChangePreview } from "./plan-change-preview";

type Appointment = RouterOutputs["portal"]["appointments"]["upcoming"][number];
type Rules = RouterOutputs["portal"]["appointments"]["rules"];
export type PlanAction = "skip" | "reschedule" | "pause" | "resume" | "endPlan";

const TITLES: Record<PlanAction, string> = {
  skip: "Skip this visit?",
  reschedule: "Reschedule this visit",
  pause: "Pause your plan",
  resume: "Resume your plan?",
  endPlan: "End your plan after this visit?",
};

/**
 * The words of each action, on the visit's card and on the dialog's confirm button alike, as
 * docs/product-rules.md#recurring-plans-and-visits names them.
 */
export const PLAN_ACTION_LABELS: Record<PlanAction, string> = {
  skip: "Skip this visit",
  reschedule: "Reschedule",
  pause: "Pause",
  resume: "Resume",
  endPlan: "End the plan",
};

const CONFIRM: Record<PlanAction, string> = { ...PLAN_ACTION_LABELS, reschedule: "Move visit" };

/** How far either side of its planned date a visit may move (the server holds the same rule). */
const RESCHEDULE_WINDOW_DAYS = 14;

/**
 * One change to a visit or its plan: the customer picks what the action needs, the server's
 * preview lists every visit it would change, and nothing happens until they confirm.
 */
export function PlanChangeDialog({
  target,
  rules,
  onClose,
}: {
  target: { appointment: Appointment; action: PlanAction } | null;
  rules: Rules;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={target !== null} onClose={onClose} title={target ? TITLES[target.action] : ""}>
      {target ? <ChangeForm key={`${target.appointment.visitId}-${target.action}`} {...target} rules={rules} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ChangeForm({
  appointment,
  action,
  rules,
  onClose,
}: {
  appointment: Appointment;
  action: PlanAction;
  rules: Rules;
  onClose: () => void;
}) {
  const utils = api.useUtils();
  const dateId = useId();
  const [date, setDate] = useState("");
  const [timeSlot, setTimeSlot] = useState("");
  const visitDate = businessDateOf(appointment.startTime);
  const change = changeOf(action, date, timeSlot);
  const preview = api.selfService.preview.useMutation();
  const previewKey = JSON.stringify(change);

  useEffect(() => {
    if (change) preview.mutate({ id: appointment.visitId, change });
    else preview.reset();
    // The preview follows the choice; `preview` itself is stable enough not to re-run it.
  }, [previewKey, appointment.visitId]);

  const done = {
    onSuccess: async (result: { summary: string }) => {
      toast({ title: "Done", description: result.summary });
      await Promise.all([utils.portal.appointments.invalidate(), utils.portal.messages.invalidate()]);
      onClose();
    },
    onError: (error: unknown) => toast({ title: "Nothing was changed", description: errorMessage(error), variant: "destructive" }),
  };
  const skip = api.selfService.skip.useMutation(done);
  const reschedule = api.selfService.reschedule.useMutation(done);
  const pause = api.selfService.pause.useMutation(done);
  const resume = api.selfService.resume.useMutation(done);
  const endPlan = api.selfService.endPlan.useMutation(done);
  const pending = [skip, reschedule, pause, resume, endPlan].some((mutation) => mutation.isPending);

  function confirm() {
    const id = appointment.visitId;
    if (action === "skip") skip.mutate({ id });
    else if (action === "reschedule") reschedule.mutate({ id, date, timeSlot });
    else if (action === "pause") pause.mutate({ id, until: date });
    else if (action === "resume") resume.mutate({ id });
    else endPlan.mutate({ id });
  }

  const earliest = [addDays(businessToday(), 1), addDays(appointment.occurrenceDate, -RESCHEDULE_WINDOW_DAYS)].sort()[1]!;
  const dateLimits =
    action === "reschedule"
      ? { label: "New date", min: earliest, max: addDays(appointment.occurrenceDate, RESCHEDULE_WINDOW_DAYS) }
      : { label: "Resume on", min: addDays(visitDate, 1), max: addDays(visitDate, rules.maxPauseDays) };

  return (
    <div className="space-y-4">
      <p className="text-gray-700">
        {appointment.serviceName ?? "Lawn care visit"} on {formatBusinessDate(appointment.startTime, "EEEE, MMMM d 'at' h:mm a")}
      </p>
      {action === "reschedule" || action === "pause" ? (
        <div>
          <label htmlFor={dateId} className="mb-1 block text-sm font-medium text-gray-800">
            {dateLimits.label}
          </label>
          <input
            id={dateId}
            type="date"
            value={date}
            min={dateLimits.min}
            max={dateLimits.max}
            onChange={(event) => {
              setDate(event.target.value);
              setTimeSlot("");
            }}
            className="min-h-11 w-full rounded-lg border border-gray-300 px-3 text-base"
          />
          <p className="mt-1 text-xs text-gray-600">
            {action === "reschedule"
              ? `Any day from ${formatBusinessDate(new Date(`${dateLimits.min}T12:00:00Z`), "MMM d")} to ${formatBusinessDate(new Date(`${dateLimits.max}T12:00:00Z`), "MMM d")}.`
              : `At most ${rules.maxPauseDays} days: visits before this date are skipped.`}
          </p>
        </div>
      ) : null}
      {action === "reschedule" && date ? (
        <TimePicker visitId={appointment.visitId} date={date} value={timeSlot} onChange={setTimeSlot} />
      ) : null}
      {change ? <PlanChangePreview preview={preview} /> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Keep as is
        </Button>
        <Button
          onClick={confirm}
          disabled={pending || !preview.isSuccess || preview.data.changes.every((each) => each.effect === "notRestored")}
        >
          {pending ? "Saving..." : CONFIRM[action]}
        </Button>
      </div>
    </div>
  );
}

function changeOf(action: PlanAction, date: string, timeSlot: string) {
  if (action === "reschedule") return date && timeSlot ? { action, date, timeSlot } : null;
  if (action === "pause") return date ? { action, until: date } : null;
  return { action };
}

/** The free times of the chosen day, from the same availability as booking. */
function TimePicker({
  visitId,
  date,
  value,
  onChange,
}: {
  visitId: string;
  date: string;
  value: string;
  onChange: (time: string) => void;
}) {
  const slots = api.selfService.slots.useQuery({ id: visitId, date }, { retry: false });
  if (slots.isPending) return <Spinner label="Loading free times" />;
  if (slots.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(slots.error)}
      </p>
    );
  const free = slots.data.slots.filter((slot) => slot.available);
  if (!free.length) return <p className="text-sm text-gray-700">No free time that day. Please pick another date.</p>;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-800">Time</legend>
      <div className="flex flex-wrap gap-2">
        {free.map((slot) => (
          <button
            key={slot.time}
            type="button"
            aria-pressed={value === slot.time}
            onClick={() => onChange(slot.time)}
            className={`min-h-11 rounded-lg border px-3 text-sm font-medium ${value === slot.time ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50"}`}
          >
            {slot.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { BUSINESS } from "@/lib/business";
import { formatBusinessDate } from "@/lib/business-time";
import { customerChangeVerb } from "@/lib/visit-change-label";
import type { RouterOutputs } from "@/trpc/react";
import { PLAN_ACTION_LABELS as LABELS, type PlanAction } from "./plan-change-dialog";

type Appointment = RouterOutputs["portal"]["appointments"]["upcoming"][number];
type Rules = RouterOutputs["portal"]["appointments"]["rules"];

/** "Skipped by you · Nov 23": what the customer did to this visit, on its card. */
export function CustomerChangeNote({ appointment }: { appointment: Appointment }) {
  const verb = customerChangeVerb(appointment);
  if (!verb) return null;
  return (
    <p className="mt-2 inline-block rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">
      {verb} by you{appointment.changedAt ? ` · ${formatBusinessDate(appointment.changedAt, "MMM d")}` : ""}
    </p>
  );
}

/**
 * What the customer may do with an upcoming visit, mirroring the business's rules (the server
 * checks them again): inside the notice window, only a call.
 */
export function PlanActions({
  appointment,
  rules,
  showResume,
  onAction,
  onCancel,
}: {
  appointment: Appointment;
  rules: Rules;
  showResume: boolean;
  onAction: (action: PlanAction) => void;
  onCancel: () => void;
}) {
  const active = appointment.status === "pending" || appointment.status === "confirmed";
  const day = formatBusinessDate(appointment.startTime, "MMMM d");
  const button = (action: PlanAction, label: string) => (
    <Button variant="outline" size="sm" onClick={() => onAction(action)} aria-label={`${label}: visit on ${day}`}>
      {label}
    </Button>
  );
  return (
    <>
      {active && appointment.canCancel ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {appointment.isRecurring ? button("skip", LABELS.skip) : null}
          {rules.allowReschedule ? button("reschedule", LABELS.reschedule) : null}
          <Button variant="outline" size="sm" onClick={onCancel} aria-label={`Cancel visit on ${day}`}>
            Cancel visit
          </Button>
          {appointment.isRecurring ? button("pause", LABELS.pause) : null}
          {appointment.isRecurring ? button("endPlan", LABELS.endPlan) : null}
        </div>
      ) : null}
      {showResume ? <div className="mt-3">{button("resume", LABELS.resume)}</div> : null}
      {active && !appointment.canCancel ? (
        <p className="mt-3 text-sm text-gray-700">
          This visit is less than {rules.noticeHours} hours away. To change it, please call us at{" "}
          <a href={BUSINESS.phoneHref} className="font-semibold text-brand-700 underline">
            {rules.phone}
          </a>
          .
        </p>
      ) : null}
    </>
  );
}

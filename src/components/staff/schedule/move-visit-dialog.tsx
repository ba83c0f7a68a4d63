"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ActionRow } from "@/components/ui/action-row";
import { TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { businessDateOf, businessTimeOf, businessToday, formatBusinessDate } from "@/lib/business-time";
import { api } from "@/trpc/react";
import type { ScheduleVisit } from "../visit-summary";

/**
 * Moves one visit of a series to another day or time, keeping its length; the rest of the series
 * stays. The server checks the crews (a busy time is refused with its reason) and tells the customer.
 */
export function MoveVisitDialog({ visit, open, onClose }: { visit: ScheduleVisit; open: boolean; onClose: () => void }) {
  const utils = api.useUtils();
  const [date, setDate] = useState(() => businessDateOf(visit.startTime));
  const [startTime, setStartTime] = useState(() => businessTimeOf(visit.startTime));
  const [failure, setFailure] = useState<string>();
  const move = api.schedules.moveVisit.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    try {
      const moved = await move.mutateAsync({ visitId: visit.visitId, date, startTime });
      toast({
        title: "Visit moved",
        description: `Now ${formatBusinessDate(moved.startTime, "EEEE, MMMM d 'at' h:mm a")}. The customer is told.`,
      });
      await Promise.all([utils.schedules.invalidate(), utils.dashboard.invalidate()]);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <ModalDialog open={open} onClose={onClose} title="Move this visit">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <p className="text-sm text-gray-700">
          Only this visit of {visit.customer.fullName}'s series moves; the others keep their days. It keeps its length.
        </p>
        <FormAlert message={failure} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="New date" type="date" min={businessToday()} value={date} onChange={(event) => setDate(event.target.value)} />
          <TextField label="New start time" type="time" value={startTime} onChange={(event) => setStartTime(event.target.value)} />
        </div>
        <ActionRow back={onClose}>
          <SubmitButton disabled={move.isPending}>{move.isPending ? "Moving..." : "Move visit"}</SubmitButton>
        </ActionRow>
      </form>
    </ModalDialog>
  );
}

"use client";

import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { api } from "@/trpc/react";
import type { ScheduleResult } from "./types";

/**
 * The day and crew pickers and "Schedule N rounds": the picked rounds become visits on that day in
 * one step; the server places them inside the crews' capacity and refuses, by name, a round that
 * cannot be done that day or that someone else scheduled meanwhile.
 */
export function ScheduleBar({
  rounds,
  defaultDay,
  firstDay,
  onScheduled,
}: {
  rounds: Array<{ enrollmentId: number; position: number }>;
  defaultDay: string;
  firstDay: string;
  onScheduled: (result: ScheduleResult) => void;
}) {
  const [day, setDay] = useState(defaultDay);
  const [crewId, setCrewId] = useState("");
  const crews = api.crews.list.useQuery({});
  const utils = api.useUtils();
  const schedule = api.roundsDue.schedule.useMutation({
    onSuccess: async (result) => {
      onScheduled(result);
      await Promise.all([utils.roundsDue.invalidate(), utils.schedules.invalidate()]);
    },
  });
  const count = rounds.length;
  return (
    <form
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
      aria-label="Schedule the picked rounds"
      onSubmit={(event) => {
        event.preventDefault();
        if (count === 0) return;
        schedule.mutate({ rounds, day, crewId: crewId ? Number(crewId) : null });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          label="Day"
          type="date"
          name="day"
          value={day}
          min={firstDay}
          required
          onChange={(event) => setDay(event.target.value)}
        />
        <SelectField label="Crew" name="crewId" value={crewId} onChange={(event) => setCrewId(event.target.value)}>
          <option value="">Any free crew</option>
          {(crews.data ?? []).map((crew) => (
            <option key={crew.id} value={crew.id}>
              {crew.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={count === 0 || schedule.isPending}>
          {schedule.isPending ? "Scheduling…" : `Schedule ${count} ${count === 1 ? "round" : "rounds"}`}
        </Button>
      </div>
      {schedule.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere]">
          {errorMessage(schedule.error)}
        </p>
      ) : null}
    </form>
  );
}

"use client";

import { ArrowLeft } from "lucide-react";
import { useMemo, useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { addDays } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { AreaGroup } from "./area-group";
import { formatDay } from "./format-day";
import { MissedRounds } from "./missed-rounds";
import { RangeForm } from "./range-form";
import { ScheduleBar } from "./schedule-bar";
import { ScheduleResult } from "./schedule-result";
import { roundKey, type ScheduleResult as Result } from "./types";

/**
 * The rounds due in the range, grouped by ZIP code, to pick and schedule on a day; the rounds
 * missed in the range below (docs/product-rules.md#rounds-due).
 */
export function RoundsDueScreen({ range, today, problem }: { range: { from: string; to: string }; today: string; problem?: string }) {
  const list = api.roundsDue.list.useQuery(range);
  const crews = api.crews.list.useQuery({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<Result | null>(null);
  const tomorrow = addDays(today, 1);

  const dueRounds = useMemo(() => list.data?.areas.flatMap((area) => area.rounds) ?? [], [list.data]);
  // In the list's order (by ZIP code), so the day's visits of one area are placed together.
  const picked = dueRounds
    .filter((round) => selected.has(roundKey(round)))
    .map(({ enrollmentId, position }) => ({ enrollmentId, position }));
  const toggle = (keys: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  const crewName = (id: number | null) =>
    id === null ? "no crew assigned yet" : (crews.data?.find((crew) => crew.id === id)?.name ?? "a crew");

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <ButtonLink href="/schedule" variant="ghost" className="-ml-3">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Schedule
        </ButtonLink>
        <h1 className="text-2xl font-bold text-gray-900">Rounds due</h1>
        <p className="text-sm text-gray-700">
          Lawn program rounds that may be done between {formatDay(range.from)} and {formatDay(range.to)}, by ZIP code. Pick rounds, a day
          and a crew: they go into the day inside the crews&apos; capacity, and the day&apos;s route can then be optimized.
        </p>
      </div>
      <RangeForm range={range} problem={problem} />
      {result ? <ScheduleResult result={result} crewName={crewName} /> : null}
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700">{list.error.message}</p>
      ) : (
        <>
          {dueRounds.length === 0 ? (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
              No round is due in these days.
            </p>
          ) : (
            <>
              <ScheduleBar
                rounds={picked}
                defaultDay={range.from > tomorrow ? range.from : tomorrow}
                firstDay={tomorrow}
                onScheduled={(done) => {
                  setResult(done);
                  setSelected(new Set());
                }}
              />
              <p className="text-sm text-gray-700">
                <strong>{dueRounds.length === 1 ? "1 round" : `${dueRounds.length} rounds`}</strong> due · {picked.length} picked
              </p>
              {list.data.areas.map((area) => (
                <AreaGroup key={area.zipCode ?? "none"} zipCode={area.zipCode} rounds={area.rounds} selected={selected} onToggle={toggle} />
              ))}
            </>
          )}
          <MissedRounds rounds={list.data.missed} />
        </>
      )}
    </div>
  );
}

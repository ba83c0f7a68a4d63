"use client";

import { Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/trpc/react";
import type { ScheduleVisit } from "../visit-summary";
import { VisitCard } from "./visit-card";

/** "By crew" on the day panel: pressed, the day shows a column per crew. */
export function ByCrewToggle({ pressed, onChange }: { pressed: boolean; onChange: (pressed: boolean) => void }) {
  return (
    <Button variant={pressed ? "secondary" : "outline"} aria-pressed={pressed} onClick={() => onChange(!pressed)}>
      <Users aria-hidden="true" className="size-4" />
      By crew
    </Button>
  );
}

interface Column {
  key: string;
  name: string;
  visits: ScheduleVisit[];
}

/**
 * A day's visits in a column per crew, in the crews' order, then "Unassigned". A visit of a crew
 * removed since keeps its own column, so nothing of the day is hidden.
 */
function columnsOf(visits: ScheduleVisit[], crews: { id: number; name: string }[]): Column[] {
  const columns: Column[] = crews.map((crew) => ({ key: `crew-${crew.id}`, name: crew.name, visits: [] }));
  const byId = new Map(crews.map((crew, index) => [crew.id, columns[index]!]));
  const unassigned: Column = { key: "unassigned", name: "Unassigned", visits: [] };
  const removed: Column = { key: "removed", name: "Removed crews", visits: [] };
  for (const visit of visits) {
    const column = visit.crewId === null ? unassigned : (byId.get(visit.crewId) ?? removed);
    column.visits.push(visit);
  }
  return [...columns, unassigned, ...(removed.visits.length ? [removed] : [])];
}

/** The selected day's visits by crew. */
export function CrewDayView({ visits }: { visits: ScheduleVisit[] }) {
  const crews = api.crews.list.useQuery({});
  if (crews.isPending) return <Spinner label="Loading crews" />;
  if (crews.isError) return <p className="text-sm text-red-700">The crews could not be loaded.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" data-testid="crew-day-view">
      {columnsOf(visits, crews.data).map((column) => (
        <section key={column.key} aria-label={column.name} className="min-w-0 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-200">
          <h3 className="mb-2 flex items-baseline justify-between gap-2 text-sm font-semibold text-gray-900">
            <span className="truncate">{column.name}</span>
            <span className="shrink-0 text-xs font-normal text-gray-600">
              {column.visits.length} visit{column.visits.length === 1 ? "" : "s"}
            </span>
          </h3>
          {column.visits.length === 0 ? (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-3 text-center text-xs text-gray-600">No visits</p>
          ) : (
            <ul className="space-y-3">
              {column.visits.map((visit) => (
                <VisitCard key={visit.visitId} visit={visit} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

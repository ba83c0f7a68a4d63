"use client";

import { CalendarClock, Pencil, Plus, Undo2, Archive } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button, ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatCents } from "@/lib/money";
import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { api, type RouterOutputs } from "@/trpc/react";
import { ProgramForm } from "./program-form";

type Program = RouterOutputs["programs"]["list"][number];

/** "02-15" read as "Feb 15". */
export function monthDayLabel(monthDay: string): string {
  return formatBusinessDate(startOfBusinessDay(`2024-${monthDay}`), "MMM d");
}

function roundPrice(round: Program["rounds"][number]): string {
  return round.pricePerSqFt === null ? formatCents(round.price) : `${round.pricePerSqFt}¢ per sq ft`;
}

function ProgramCard({ program, onEdit }: { program: Program; onEdit: () => void }) {
  const utils = api.useUtils();
  const setActive = (api.programs[program.active ? "retire" : "reactivate"] as typeof api.programs.retire).useMutation({
    onSuccess: async (saved) => {
      toast({ title: saved.active ? "Program reactivated" : "Program retired", description: saved.name });
      await utils.programs.invalidate();
    },
    onError: (failure) => toast({ title: "Not saved", description: errorMessage(failure), variant: "destructive" }),
  });
  return (
    <li className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="program">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-gray-900">
            {program.name} {program.active ? null : <span className="text-sm font-normal text-gray-600">(retired)</span>}
          </h2>
          {program.description ? <p className="text-sm text-gray-700">{program.description}</p> : null}
          <p className="text-sm text-gray-600">
            {program.rounds.length} {program.rounds.length === 1 ? "round" : "rounds"} · {program.enrollmentCount}{" "}
            {program.enrollmentCount === 1 ? "enrollment" : "enrollments"}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${program.name}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button variant="outline" size="sm" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: program.id })}>
            {program.active ? <Archive aria-hidden="true" className="size-4" /> : <Undo2 aria-hidden="true" className="size-4" />}
            {program.active ? "Retire" : "Reactivate"}
          </Button>
        </div>
      </div>
      <ol className="divide-y divide-gray-100 text-sm">
        {program.rounds.map((round) => (
          <li key={round.position} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <span className="text-gray-900">
              <strong>Round {round.position}</strong> · {round.serviceName} · {round.purpose}
            </span>
            <span className="text-gray-700">
              {monthDayLabel(round.windowStart)} – {monthDayLabel(round.windowEnd)}
              {round.minDaysSincePrevious > 0 ? `, ${round.minDaysSincePrevious}+ days after the last` : ""} · {roundPrice(round)}
              {round.products.length
                ? ` · ${round.products.map((product) => `${product.productName} ${product.rate} ${product.unit}`).join(", ")}`
                : ""}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** Lawn programs: what a season of treatments is, round by round, and who is enrolled (docs/product-rules.md#lawn-programs). */
export function ProgramsScreen() {
  const programs = api.programs.list.useQuery({ status: "all" });
  const [editing, setEditing] = useState<Program | "new" | null>(null);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Lawn programs</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink href="/programs/rounds-due" variant="secondary">
            <CalendarClock aria-hidden="true" className="size-4" />
            Rounds due
          </ButtonLink>
          {editing === null ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" className="size-4" />
              New program
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-gray-700">
        A program is a season of rounds, each in its window and some weeks after the last. Enroll customers from their page in Customers;
        the rounds due each week are scheduled from Rounds due.
      </p>
      {editing !== null ? (
        <ProgramForm
          key={editing === "new" ? "new" : editing.id}
          program={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {programs.isPending ? (
        <Spinner label="Loading programs" />
      ) : programs.isError ? (
        <p className="text-sm text-red-700">The programs could not be loaded.</p>
      ) : programs.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-700">
          No programs yet. Define one with New program.
        </p>
      ) : (
        <ul className="space-y-3">
          {programs.data.map((program) => (
            <ProgramCard key={program.id} program={program} onEdit={() => setEditing(program)} />
          ))}
        </ul>
      )}
    </div>
  );
}

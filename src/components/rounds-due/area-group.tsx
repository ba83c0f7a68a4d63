"use client";

import { RoundLine } from "./round-line";
import { roundKey, type RoundDue } from "./types";

/** One ZIP code's due rounds, each with its checkbox, and one to pick them all. */
export function AreaGroup({
  zipCode,
  rounds,
  selected,
  onToggle,
}: {
  zipCode: string | null;
  rounds: RoundDue[];
  selected: ReadonlySet<string>;
  onToggle: (keys: string[], on: boolean) => void;
}) {
  const keys = rounds.map(roundKey);
  const picked = keys.filter((key) => selected.has(key)).length;
  const name = zipCode ?? "No ZIP code";
  const headingId = `area-${zipCode ?? "none"}`;
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-xl border border-gray-200 bg-white">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-4 py-2">
        <h2 id={headingId} className="font-semibold text-gray-900">
          {name} <span className="text-sm font-normal text-gray-600">· {rounds.length === 1 ? "1 round" : `${rounds.length} rounds`}</span>
        </h2>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-gray-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={picked === keys.length}
            ref={(box) => {
              if (box) box.indeterminate = picked > 0 && picked < keys.length;
            }}
            onChange={(event) => onToggle(keys, event.target.checked)}
          />
          Select all in {name}
        </label>
      </header>
      <ul className="divide-y divide-gray-100">
        {rounds.map((round) => {
          const key = roundKey(round);
          return (
            <li key={key}>
              <label className="flex cursor-pointer gap-3 px-4 py-3 hover:bg-gray-50">
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                  checked={selected.has(key)}
                  onChange={(event) => onToggle([key], event.target.checked)}
                  aria-label={`${round.customerName}, round ${round.position} of ${round.programName}`}
                />
                <RoundLine round={round} />
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

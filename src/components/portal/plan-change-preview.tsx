"use client";

import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/error-text";
import { formatBusinessDate } from "@/lib/business-time";
import type { RouterOutputs } from "@/trpc/react";

type Change = RouterOutputs["selfService"]["preview"];
type Effect = Change["changes"][number];

/** A long plan could list a year of visits; the first few say enough. */
const SHOWN = 8;

function effectText(change: Effect): string {
  switch (change.effect) {
    case "skipped":
      return "Skipped";
    case "paused":
      return "Skipped (paused)";
    case "moved":
      return `Moves to ${formatBusinessDate(change.newStartTime!, "EEE, MMM d 'at' h:mm a")}`;
    case "restored":
      return "Booked again";
    case "notRestored":
      return `Stays skipped: ${change.note ?? "no free crew"}`;
    case "removed":
      return "Removed";
  }
}

/** What the change will do, as the server's preview lists it, or why it cannot be done. */
export function PlanChangePreview({ preview }: { preview: { isPending: boolean; isError: boolean; error: unknown; data?: Change } }) {
  if (preview.isPending) return <Spinner label="Checking what will change" />;
  if (preview.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {errorMessage(preview.error)}
      </p>
    );
  }
  if (!preview.data) return null;
  const { summary, changes } = preview.data;
  return (
    <section aria-label="What will change" className="rounded-lg bg-brand-50 p-3" data-testid="change-preview">
      <p className="text-sm font-medium text-gray-900">{summary}</p>
      <ul className="mt-2 space-y-1 text-sm text-gray-800">
        {changes.slice(0, SHOWN).map((change) => (
          <li key={change.visitId} className="flex flex-wrap justify-between gap-x-3">
            <span>{formatBusinessDate(change.startTime, "EEE, MMM d, h:mm a")}</span>
            <span className="font-medium">{effectText(change)}</span>
          </li>
        ))}
      </ul>
      {changes.length > SHOWN ? <p className="mt-1 text-sm text-gray-700">and {changes.length - SHOWN} more</p> : null}
    </section>
  );
}

import { CloudOff, RefreshCw, CheckCircle2 } from "lucide-react";
import { formatBusinessDate } from "@/lib/business-time";
import type { QueuedAction } from "./field-queue";
import { ACTION_LABELS } from "./stop-card";

/** The screen always says what waits to be sent, and whether the phone has signal. */
export function SyncBanner({
  queue,
  online,
  sending,
  savedAt,
}: {
  queue: QueuedAction[];
  online: boolean;
  sending: boolean;
  savedAt: string | null;
}) {
  const waiting = queue.length;
  const tone = waiting === 0 ? "border-brand-200 bg-brand-50 text-brand-900" : "border-amber-300 bg-amber-50 text-amber-950";
  return (
    <section aria-live="polite" aria-label="Sending" data-testid="sync-banner" className={`rounded-xl border px-3 py-2 text-sm ${tone}`}>
      <p className="flex items-center gap-2 font-semibold">
        {!online ? (
          <CloudOff aria-hidden="true" className="size-4" />
        ) : sending ? (
          <RefreshCw aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="size-4" />
        )}
        {waiting === 0
          ? "Everything is sent."
          : `${waiting} action${waiting === 1 ? "" : "s"} waiting to be sent${online ? "" : " when the signal returns"}.`}
      </p>
      {!online ? <p>No signal: you can keep working. Actions are kept on this phone.</p> : null}
      {waiting > 0 ? (
        <ul className="mt-1 list-inside list-disc">
          {queue.map((action) => (
            <li key={action.key}>
              {ACTION_LABELS[action.kind]} – {action.customerName}
            </li>
          ))}
        </ul>
      ) : null}
      {savedAt ? <p className="mt-1 text-xs opacity-80">Day last updated at {formatBusinessDate(new Date(savedAt), "h:mm a")}</p> : null}
    </section>
  );
}

import Link from "next/link";
import { formatBusinessDate } from "@/lib/business-time";
import { customerChangeVerb } from "@/lib/visit-change-label";
import type { RouterOutputs } from "@/trpc/react";
import { Panel } from "./panel";

type CustomerChange = RouterOutputs["dashboard"]["customerChanges"][number];

/** "Skipped the visit of Tue, Dec 1 (Weekly Mowing)", "Paused 4 visits from Tue, Dec 1 (Weekly Mowing)". */
function whatChanged(change: CustomerChange): string {
  const verb = customerChangeVerb({ ...change, changedBy: "customer" }) ?? "Changed";
  const day = formatBusinessDate(change.firstStartTime, "EEE, MMM d");
  const service = change.serviceName ? ` (${change.serviceName})` : "";
  return change.visits === 1 ? `${verb} the visit of ${day}${service}` : `${verb} ${change.visits} visits from ${day}${service}`;
}

/**
 * What customers changed themselves in the portal, with who and when, so the office sees it
 * beside the day's schedule (the schedule marks each visit too). Rendered on the server; null when
 * it could not be loaded.
 */
export function CustomerChanges({ changes }: { changes: CustomerChange[] | null }) {
  return (
    <Panel title="Changed by customers">
      {changes === null ? (
        <p className="text-sm text-red-700">Customers&apos; changes could not be loaded.</p>
      ) : changes.length === 0 ? (
        <p className="text-sm text-gray-600">No customer has changed a visit yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Changed by customers">
          {changes.map((change) => (
            <li
              key={`${change.scheduleId}-${change.changedAt.toISOString()}-${change.customerChange ?? change.status}`}
              className="py-3 first:pt-0 last:pb-0"
            >
              <Link
                prefetch={false}
                href={`/schedule?date=${formatBusinessDate(change.firstStartTime, "yyyy-MM-dd")}`}
                className="block min-h-11 rounded-lg hover:bg-gray-50"
              >
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold text-gray-900">{change.customerName}</p>
                  <time dateTime={change.changedAt.toISOString()} className="shrink-0 text-xs text-gray-600">
                    {formatBusinessDate(change.changedAt, "MMM d, h:mm a")}
                  </time>
                </div>
                <p className="text-sm text-gray-700">{whatChanged(change)}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

import { formatCents } from "@/lib/money";
import { formatDay } from "./format-day";
import type { RoundDue } from "./types";

/** What staff read of one round: whose lawn, where, which round and why, its price and its days. */
export function RoundLine({ round }: { round: RoundDue }) {
  const address = [round.address, round.city].filter(Boolean).join(", ");
  return (
    <div className="min-w-0 flex-1 space-y-0.5 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-gray-900">{round.customerName}</span>
        <span className="font-medium text-gray-900">{formatCents(round.price)}</span>
      </p>
      <p className="text-gray-700 [overflow-wrap:anywhere]">
        {address || "No address"}
        {round.lawnSizeSqFt ? ` · ${round.lawnSizeSqFt.toLocaleString("en-US")} sq ft` : ""}
      </p>
      <p className="text-gray-700">
        Round {round.position} of {round.roundCount} · {round.programName} · {round.serviceName}
      </p>
      <p className="text-gray-600">{round.purpose}</p>
      <p className="text-gray-600">
        {round.state === "missed" ? (
          <>Window closed {formatDay(round.closesOn)}</>
        ) : (
          <>
            {round.state === "due" ? "Due now" : `Due from ${formatDay(round.dueFrom)}`}, until {formatDay(round.closesOn)}
          </>
        )}
      </p>
    </div>
  );
}

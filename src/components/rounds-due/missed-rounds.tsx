import { RoundLine } from "./round-line";
import type { RoundDue } from "./types";

/** The rounds whose window closed in the range with nothing scheduled: shown so none is lost unnoticed. */
export function MissedRounds({ rounds }: { rounds: RoundDue[] }) {
  return (
    <section aria-labelledby="missed-rounds" className="space-y-3">
      <h2 id="missed-rounds" className="text-lg font-semibold text-gray-900">
        Missed in this range
      </h2>
      {rounds.length === 0 ? (
        <p className="text-sm text-gray-600">No round's window closed unscheduled in these days.</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            Their window closed with no visit scheduled. Tell the customer, or skip the round on their enrollment.
          </p>
          <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-amber-200 bg-amber-50/40">
            {rounds.map((round) => (
              <li key={`${round.enrollmentId}:${round.position}`} className="px-4 py-3" data-testid="missed-round">
                <RoundLine round={round} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

"use client";

import { formatBusinessDate } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { PanelHeading, PanelQuery } from "./panel-parts";

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** "2031-03" as "March 2031". */
function monthName(month: string): string {
  return formatBusinessDate(new Date(`${month}-15T12:00:00Z`), "MMMM yyyy");
}

/** For the owner: what texts cost this month (Twilio charges per segment), the ones not sent apart. */
export function TextUsageCard() {
  const usage = api.texts.usage.useQuery({});
  return (
    <section aria-labelledby="text-usage-heading" className="space-y-3">
      <PanelHeading id="text-usage-heading" title="This month's texts">
        Twilio charges for each segment of a text sent: 160 plain characters, or 70 with an emoji or accent outside the basic alphabet.
      </PanelHeading>
      <PanelQuery query={usage} loading="Loading this month's texts" failed="This month's texts could not be counted.">
        {(month) => (
          <div className="space-y-2">
            <dl className="grid grid-cols-2 gap-3" data-testid="text-usage">
              <div className="rounded-lg bg-gray-50 p-3">
                <dt className="text-xs text-gray-600">Sent in {monthName(month.month)}</dt>
                <dd className="text-2xl font-semibold text-gray-900 tabular-nums">{month.sent.toLocaleString("en-US")}</dd>
              </div>
              <div className="rounded-lg bg-gray-50 p-3">
                <dt className="text-xs text-gray-600">Segments charged</dt>
                <dd className="text-2xl font-semibold text-gray-900 tabular-nums">{month.segments.toLocaleString("en-US")}</dd>
              </div>
            </dl>
            <p className="text-sm text-gray-700">
              {plural(month.delivered, "delivered", "delivered")}, {plural(month.failed, "failed", "failed")}.
            </p>
            <p className="text-sm text-gray-700">
              Not sent and not charged: {plural(month.skipped, "skipped", "skipped")} (no consent, STOP or a cap),{" "}
              {plural(month.outbox, "in the outbox", "in the outbox")} while texts were off, {plural(month.waiting, "waiting", "waiting")}{" "}
              to go.
            </p>
          </div>
        )}
      </PanelQuery>
    </section>
  );
}

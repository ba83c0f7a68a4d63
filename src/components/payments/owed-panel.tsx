"use client";

import Link from "next/link";
import { Spinner } from "@/components/ui/spinner";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";
import { OWED_SHOWN, owedPanelInput } from "./owed-input";

/** What the business is owed: completed visits not paid yet, and autopay charges that need the customer. */
export function OwedPanel() {
  const owed = api.cards.owed.useQuery(owedPanelInput);
  if (owed.isPending) return <Spinner label="Loading what is owed" className="p-4" />;
  if (owed.isError) return <p className="p-4 text-sm text-red-700">What is owed could not be loaded. Please reload the page.</p>;
  const { unpaidVisits, failedAutopay, owedTotal, unpaidCount } = owed.data;
  return (
    <div className="space-y-4 p-4">
      <p className="text-sm text-gray-800">
        <strong>{formatCents(owedTotal)}</strong> owed for {unpaidCount.toLocaleString("en-US")} completed{" "}
        {unpaidCount === 1 ? "visit" : "visits"}
        {unpaidCount > OWED_SHOWN ? `; the latest ${OWED_SHOWN} are listed` : ""}.
      </p>
      {failedAutopay.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-red-800">Autopay charges that need the customer</h3>
          <ul className="mt-1 space-y-1 text-sm text-gray-800" aria-label="Failed autopay charges">
            {failedAutopay.map((charge) => (
              <li key={charge.paymentId}>
                <Link
                  prefetch={false}
                  className="font-semibold text-brand-700 underline"
                  href={`/payments?customerId=${charge.customerId}`}
                >
                  {charge.customerName}
                </Link>{" "}
                · {formatCents(charge.amount)} · {charge.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {unpaidVisits.length > 0 ? (
        <ul className="divide-y divide-gray-100 text-sm text-gray-800" aria-label="Unpaid completed visits">
          {unpaidVisits.map((visit) => (
            <li key={visit.visitId} className="flex flex-wrap justify-between gap-2 py-1.5">
              <Link prefetch={false} className="font-semibold text-brand-700 underline" href={`/payments?customerId=${visit.customerId}`}>
                {visit.customerName}
              </Link>
              <span>
                {formatBusinessDate(visit.startTime, "MMM d, yyyy")} · {formatCents(visit.amount)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

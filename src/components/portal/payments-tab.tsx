"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { CircleCheck, CircleX, Clock, Receipt, TriangleAlert } from "lucide-react";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { api, type RouterOutputs } from "@/trpc/react";
import { PayPendingPayment } from "./pay-pending-payment";
import { SavedCards } from "./saved-cards";
import { QueryWait } from "./query-wait";
import { PortalEmptyState } from "./portal-empty-state";

type Payment = RouterOutputs["portal"]["payments"][number];

// Each payment status shows its own icon, with a word beside it.
const STATUS_ICONS = {
  completed: { icon: CircleCheck, className: "text-brand-700", label: "Paid" },
  pending: { icon: Clock, className: "text-accent-700", label: "Pending" },
  failed: { icon: CircleX, className: "text-red-700", label: "Failed" },
} as const;

const METHOD_LABELS = { card: "Card", cash: "Cash", check: "Check" } as const;

export function PaymentsTab() {
  const payments = api.portal.payments.useQuery({});
  // The "add a card" email links here with add-card=1.
  const startAdding = useSearchParams().get("add-card") === "1";
  const needingAction = (payments.data ?? []).filter((payment) => payment.actionNeeded);

  return (
    <div className="space-y-8">
      {needingAction.length > 0 ? (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            {needingAction.length === 1 ? "A payment needs your attention" : `${needingAction.length} payments need your attention`}
          </p>
          <p className="mt-1 text-sm">
            We could not charge your saved card. Press Pay beside the payment below to finish it, or use another card.
          </p>
        </div>
      ) : null}

      <section aria-labelledby="payment-history-heading" className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="payment-history-heading" className="text-xl font-semibold text-gray-900">
          Payment History
        </h2>
        {payments.isPending || payments.isError ? (
          <QueryWait query={payments} what="payments" className="mt-4" />
        ) : payments.data.length === 0 ? (
          <PortalEmptyState icon={Receipt} text="No payment history found" />
        ) : (
          <ul className="mt-4 divide-y divide-gray-200">
            {payments.data.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="payment-methods-heading" className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="payment-methods-heading" className="text-xl font-semibold text-gray-900">
          Payment Methods
        </h2>
        <SavedCards startAdding={startAdding} />
      </section>
    </div>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  const status = STATUS_ICONS[payment.status];
  const Icon = status.icon;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <Icon aria-hidden="true" className={`size-6 shrink-0 ${status.className}`} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-gray-900">{formatCents(payment.amount)}</p>
        {payment.visit ? (
          <p className="text-sm text-gray-800">
            For {payment.visit.serviceName}, {formatBusinessDate(payment.visit.date, "MMM d, yyyy")}
          </p>
        ) : null}
        <p className="text-sm text-gray-700">
          {formatBusinessDate(payment.paymentDate, "MMM d, yyyy")} · {METHOD_LABELS[payment.method]} ·{" "}
          {payment.stripePaymentId ?? `#${payment.id}`}
        </p>
      </div>
      <div className="text-right">
        <p className={`text-sm font-semibold ${status.className}`}>{status.label}</p>
        {payment.status === "completed" ? (
          <Link href={`/customer/account/receipts/${payment.id}`} className="text-sm font-semibold text-brand-700 underline">
            Receipt
          </Link>
        ) : null}
      </div>
      {payment.actionNeeded ? (
        <p className="w-full rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
          Autopay could not charge your card: {payment.actionNeeded}
        </p>
      ) : null}
      {payment.status === "pending" && payment.method === "card" ? (
        <div className="w-full sm:w-auto">
          <PayPendingPayment paymentId={payment.id} amountCents={payment.amount} />
        </div>
      ) : null}
    </li>
  );
}

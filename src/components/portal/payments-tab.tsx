"use client";

import { useState } from "react";
import { CircleCheck, CircleX, Clock, CreditCard, Receipt } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { BUSINESS } from "@/lib/business";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { api, type RouterOutputs } from "@/trpc/react";
import { PayPendingPayment } from "./pay-pending-payment";
import { ModalDialog } from "@/components/ui/modal-dialog";

type Payment = RouterOutputs["portal"]["payments"][number];

// Spec 2: payment statuses show distinct icons.
const STATUS_ICONS = {
  completed: { icon: CircleCheck, className: "text-brand-700", label: "Paid" },
  pending: { icon: Clock, className: "text-accent-700", label: "Pending" },
  failed: { icon: CircleX, className: "text-red-700", label: "Failed" },
} as const;

const METHOD_LABELS = { card: "Card", cash: "Cash", check: "Check" } as const;

export function PaymentsTab() {
  const payments = api.portal.payments.useQuery({});
  const [explaining, setExplaining] = useState(false);

  return (
    <div className="space-y-8">
      <section aria-labelledby="payment-history-heading" className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="payment-history-heading" className="text-xl font-semibold text-gray-900">
          Payment History
        </h2>
        {payments.isPending ? (
          <Spinner label="Loading payments" className="mt-4" />
        ) : payments.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            We could not load your payments. Please try again later.
          </p>
        ) : payments.data.length === 0 ? (
          <div className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center">
            <Receipt aria-hidden="true" className="mx-auto size-8 text-gray-500" />
            <p className="mt-2 text-gray-700">No payment history found</p>
          </div>
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
        <div className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center">
          <CreditCard aria-hidden="true" className="mx-auto size-8 text-gray-500" />
          <p className="mt-2 text-gray-700">No payment methods saved</p>
          <Button variant="outline" className="mt-4" onClick={() => setExplaining(true)}>
            Add Payment Method
          </Button>
        </div>
      </section>

      <ModalDialog open={explaining} onClose={() => setExplaining(false)} title="Saving a card">
        <p className="text-gray-700">
          Saving a card will let us charge your visits automatically once they are completed, so you never have to pay by hand. Cards are
          stored by our payment provider, never on our servers.
        </p>
        <p className="mt-3 text-gray-700">
          Saved cards are not available online yet. Until then you can pay each open payment by card from your payment history, or call us at{" "}
          <a href={BUSINESS.phoneHref} className="font-semibold text-brand-700 underline">
            {BUSINESS.phone}
          </a>{" "}
          to set up automatic billing.
        </p>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setExplaining(false)}>Got it</Button>
        </div>
      </ModalDialog>
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
        <p className="text-sm text-gray-700">
          {formatBusinessDate(payment.paymentDate, "MMM d, yyyy")} · {METHOD_LABELS[payment.method]} · {payment.stripePaymentId ?? `#${payment.id}`}
        </p>
      </div>
      <div className="text-right">
        <p className={`text-sm font-semibold ${status.className}`}>{status.label}</p>
      </div>
      {payment.status === "pending" && payment.method === "card" ? (
        <div className="w-full sm:w-auto">
          <PayPendingPayment paymentId={payment.id} amountCents={payment.amount} />
        </div>
      ) : null}
    </li>
  );
}

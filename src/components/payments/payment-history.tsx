"use client";

import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";
import { PaymentStatusBadge } from "./payment-status";
import { RefundButton } from "./refund-button";

const METHOD_LABELS: Record<string, string> = { card: "Card", cash: "Cash", check: "Check" };

/** One customer's payments, newest first. */
export function PaymentHistory({ customerId }: { customerId: number }) {
  const history = api.payments.list.useQuery({ customerId });
  const utils = api.useUtils();
  const refresh = api.payments.refresh.useMutation({
    onSuccess: async (payment) => {
      toast({ title: `Payment is ${payment.status}` });
      await utils.payments.list.invalidate({ customerId });
    },
    onError: (error) => toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" }),
  });

  if (history.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading payments" />
      </div>
    );
  }
  if (history.isError) return <p className="p-4 text-sm text-red-700">Payments could not be loaded. Please reload the page.</p>;
  if (history.data.length === 0) return <p className="p-4 text-sm text-gray-600">No payments for this customer yet.</p>;

  return (
    <ul className="divide-y divide-gray-100" aria-label="Payment history">
      {history.data.map((payment) => {
        const reference = typeof payment.metadata?.reference === "string" ? payment.metadata.reference : null;
        const failure = typeof payment.metadata?.failureMessage === "string" ? payment.metadata.failureMessage : null;
        return (
          <li key={payment.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="payment-row">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-base font-semibold text-gray-900">{formatCents(payment.amount)}</span>
                <PaymentStatusBadge status={payment.status} />
                <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700">
                  {METHOD_LABELS[payment.method] ?? payment.method}
                  {reference ? ` · ${payment.method === "check" ? "No. " : ""}${reference}` : ""}
                </span>
              </p>
              <p className="mt-1 text-xs text-gray-600">
                {formatBusinessDate(payment.paymentDate, "MMM d, yyyy h:mm a")} · {payment.stripePaymentId ?? `#${payment.id}`}
              </p>
              {(payment.status === "failed" || payment.metadata?.actionNeeded) && failure ? (
                <p className="mt-1 text-xs text-red-700">{failure}</p>
              ) : null}
            </div>
            {payment.method === "card" && payment.status !== "completed" && payment.stripePaymentIntent ? (
              <Button variant="ghost" size="sm" onClick={() => refresh.mutate({ id: payment.id })} disabled={refresh.isPending}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Check status
              </Button>
            ) : null}
            {payment.method === "card" && payment.status === "completed" ? <RefundButton payment={payment} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { dollarsToCents, formatCents } from "@/lib/money";
import { api } from "@/trpc/react";

const REFUND_STATUS_WORDS = {
  pending: "waiting for the payment provider",
  succeeded: "refunded",
  failed: "refused by the payment provider",
} as const;

export type RefundablePayment = { id: number; amount: number; customerId: number };

/** The refund form: whole or in part, with a reason; it counts once Stripe confirms. */
export function RefundDialog({ payment, open, onClose }: { payment: RefundablePayment; open: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const utils = api.useUtils();
  const refunds = api.cards.refunds.useQuery({ id: payment.id }, { enabled: open });
  const refund = api.cards.refund.useMutation({
    onSuccess: async () => {
      toast({ title: "Refund requested", description: "It is recorded once the payment provider confirms it." });
      setAmount("");
      setReason("");
      await Promise.all([
        utils.cards.refunds.invalidate({ id: payment.id }),
        utils.payments.list.invalidate({ customerId: payment.customerId }),
      ]);
    },
    onError: (error) => toast({ title: "Refund failed", description: errorMessage(error), variant: "destructive" }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = amount.trim() ? Number(amount) : undefined;
    if (dollars !== undefined && (!Number.isFinite(dollars) || dollars <= 0)) {
      toast({ title: "Refund failed", description: "Amount must be more than zero", variant: "destructive" });
      return;
    }
    refund.mutate({ id: payment.id, amount: dollars === undefined ? undefined : dollarsToCents(dollars), reason });
  };

  return (
    <>
      <ModalDialog open={open} onClose={onClose} title="Refund payment" description={`Card payment of ${formatCents(payment.amount)}.`}>
        <form method="post" onSubmit={submit} className="space-y-4">
          <div>
            <label htmlFor={`refund-amount-${payment.id}`} className="mb-1 block text-sm font-medium text-gray-800">
              Amount in dollars (leave empty to refund all that is left)
            </label>
            <input
              id={`refund-amount-${payment.id}`}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={controlClasses()}
            />
          </div>
          <div>
            <label htmlFor={`refund-reason-${payment.id}`} className="mb-1 block text-sm font-medium text-gray-800">
              Reason
            </label>
            <input
              id={`refund-reason-${payment.id}`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={controlClasses()}
              maxLength={500}
            />
          </div>
          {refunds.data?.length ? (
            <ul className="space-y-1 text-sm text-gray-700" aria-label="Refunds">
              {refunds.data.map((one) => (
                <li key={one.id}>
                  {formatCents(one.amount)} · {one.reason} · {REFUND_STATUS_WORDS[one.status]}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <SubmitButton disabled={refund.isPending}>Refund</SubmitButton>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}

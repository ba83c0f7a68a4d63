"use client";

import { useState } from "react";
import { CreditCard } from "lucide-react";
import { CardPaymentForm } from "@/components/payments/card-payment-form";
import { CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE } from "@/components/payments/load-stripe";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { BUSINESS } from "@/lib/business";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";
import { DialogCloseButton, ModalDialog } from "@/components/ui/modal-dialog";
import { errorMessage } from "@/components/error-text";

/**
 * Pays one pending payment by card with the payments issue's Stripe form; the
 * amount comes from the server's record, and the server settles the outcome with Stripe.
 */
export function PayPendingPayment({ paymentId, amountCents }: { paymentId: number; amountCents: number }) {
  const utils = api.useUtils();
  const config = api.payments.cardConfig.useQuery({});
  const [open, setOpen] = useState(false);
  const intent = api.payments.customerIntent.useMutation();

  if (config.isPending) return null;
  if (!config.data?.enabled || !config.data.publishableKey) {
    return <p className="text-xs text-gray-600">Card payment is not available online yet. Call {BUSINESS.phone} to pay.</p>;
  }
  const publishableKey = config.data.publishableKey;

  const start = () => {
    setOpen(true);
    intent.mutate({ id: paymentId });
  };
  const close = () => {
    setOpen(false);
    intent.reset();
  };

  return (
    <>
      <Button size="md" onClick={start}>
        <CreditCard aria-hidden="true" className="size-4" /> Pay {formatCents(amountCents)}
      </Button>
      <ModalDialog open={open} onClose={close} title={`Pay ${formatCents(amountCents)}`}>
        {intent.isPending || intent.isIdle ? (
          <Spinner label="Preparing the card payment" />
        ) : intent.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(intent.error, { answer: "Payment setup failed", exception: "Payment setup failed" })}
          </p>
        ) : (
          <CardPaymentForm
            clientSecret={intent.data.clientSecret}
            publishableKey={publishableKey}
            amountCents={intent.data.amount}
            unavailableMessage={CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE}
            onPaid={async () => {
              close();
              await utils.portal.payments.invalidate();
            }}
          />
        )}
        <DialogCloseButton onClose={close} />
      </ModalDialog>
    </>
  );
}

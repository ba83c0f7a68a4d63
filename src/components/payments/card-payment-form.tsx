"use client";

import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { CardElementForm, StripeCardStep } from "@/components/payments/use-stripe-loader";
import { toast } from "@/components/toast/toast-store";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";

export interface CardPaymentResult {
  paymentId: number;
  status: "pending" | "completed" | "failed";
}

interface CardPaymentFormProps {
  /** From POST /api/create-payment-intent (staff) or POST /api/customer/payments/{id}/intent (portal). */
  clientSecret: string;
  /** From GET /api/card-payments/config. */
  publishableKey: string;
  amountCents: number;
  /** Called once the provider accepted the card and the server has recorded the outcome. */
  onPaid: (result: CardPaymentResult) => void;
  /** What to say when the card form cannot load; staff's wording (record cash or check) when not given. */
  unavailableMessage?: string;
}

/**
 * Takes a card with Stripe Elements and confirms the payment (return URL
 * {origin}/payments/success, no redirect unless required). Shared by the staff New Payment
 * dialog and the customer portal.
 */
export function CardPaymentForm({ clientSecret, publishableKey, amountCents, onPaid, unavailableMessage }: CardPaymentFormProps) {
  return (
    <StripeCardStep
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      unavailableTitle="Card payment unavailable"
      unavailableMessage={unavailableMessage}
    >
      <ConfirmCardForm clientSecret={clientSecret} amountCents={amountCents} onPaid={onPaid} />
    </StripeCardStep>
  );
}

function ConfirmCardForm({ clientSecret, amountCents, onPaid }: Omit<CardPaymentFormProps, "publishableKey" | "unavailableMessage">) {
  const recordOutcome = api.payments.returnStatus.useMutation();

  const confirm = async (stripe: Stripe, elements: StripeElements) => {
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payments/success` },
      redirect: "if_required",
    });
    if (result.error) {
      // A refused card: the provider's message inline and as a toast; the dialog stays open.
      const message = result.error.message ?? "The card payment failed.";
      toast({ title: "Payment Failed", description: message, variant: "destructive" });
      return message;
    }
    // The server settles from Stripe's own record, not from what the browser says.
    const outcome = await recordOutcome.mutateAsync({ paymentIntent: result.paymentIntent.id, clientSecret }).catch(() => null);
    toast({ title: "Payment Successful", description: "Thank you for your payment!" });
    onPaid({ paymentId: outcome?.paymentId ?? 0, status: outcome?.status ?? "pending" });
    return null;
  };

  return (
    <CardElementForm confirm={confirm} submittingLabel="Processing payment">
      Pay {formatCents(amountCents)}
    </CardElementForm>
  );
}

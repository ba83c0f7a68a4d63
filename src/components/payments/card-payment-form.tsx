"use client";

import { Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/toast/toast-store";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";
import {
  CardFormLoading,
  CardElementForm,
  CardFormUnavailable,
  elementsOptions,
  useStripeLoader,
} from "@/components/payments/use-stripe-loader";

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
}

/**
 * Takes a card with Stripe Elements and confirms the payment (return URL
 * {origin}/payments/success, no redirect unless required). Shared by the staff New Payment
 * dialog and the customer portal.
 */
export function CardPaymentForm({ clientSecret, publishableKey, amountCents, onPaid }: CardPaymentFormProps) {
  const { state, retry: load } = useStripeLoader(publishableKey);

  if (state.kind === "loading") return <CardFormLoading />;

  if (state.kind === "unavailable") {
    return <CardFormUnavailable title="Card payment unavailable" message={state.message} onRetry={load} />;
  }

  return (
    <Elements stripe={state.stripe} options={elementsOptions(clientSecret)}>
      <ConfirmCardForm clientSecret={clientSecret} amountCents={amountCents} onPaid={onPaid} />
    </Elements>
  );
}

function ConfirmCardForm({ clientSecret, amountCents, onPaid }: Omit<CardPaymentFormProps, "publishableKey">) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recordOutcome = api.payments.returnStatus.useMutation();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payments/success` },
      redirect: "if_required",
    });
    if (result.error) {
      // A refused card: the provider's message inline and as a toast; the dialog stays open.
      const message = result.error.message ?? "The card payment failed.";
      setError(message);
      toast({ title: "Payment Failed", description: message, variant: "destructive" });
      setSubmitting(false);
      return;
    }
    // The server settles from Stripe's own record, not from what the browser says.
    const outcome = await recordOutcome.mutateAsync({ paymentIntent: result.paymentIntent.id, clientSecret }).catch(() => null);
    toast({ title: "Payment Successful", description: "Thank you for your payment!" });
    setSubmitting(false);
    onPaid({ paymentId: outcome?.paymentId ?? 0, status: outcome?.status ?? "pending" });
  };

  return (
    <CardElementForm
      onSubmit={handleSubmit}
      ready={Boolean(stripe && elements)}
      submitting={submitting}
      submittingLabel="Processing payment"
      error={error}
    >
      Pay {formatCents(amountCents)}
    </CardElementForm>
  );
}

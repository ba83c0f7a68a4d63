"use client";

import { Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { useState, type FormEvent } from "react";
import {
  CardFormLoading,
  CardElementForm,
  CardFormUnavailable,
  elementsOptions,
  useStripeLoader,
} from "@/components/payments/use-stripe-loader";

/**
 * Saves a card with the Payment Element for a SetupIntent: Stripe keeps the card, and we only
 * ever see its brand, last four digits and expiry.
 */
export function AddCardForm({
  clientSecret,
  publishableKey,
  onSaved,
}: {
  clientSecret: string;
  publishableKey: string;
  onSaved: () => void;
}) {
  const { state, retry: load } = useStripeLoader(publishableKey);

  if (state.kind === "loading") return <CardFormLoading />;
  if (state.kind === "unavailable") {
    return (
      <CardFormUnavailable
        title="Card form unavailable"
        message="The secure card form could not be loaded from the payment provider. Check the internet connection and try again."
        onRetry={load}
      />
    );
  }
  return (
    <Elements stripe={state.stripe} options={elementsOptions(clientSecret)}>
      <ConfirmSetupForm onSaved={onSaved} />
    </Elements>
  );
}

function ConfirmSetupForm({ onSaved }: { onSaved: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setError(null);
    const result = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: `${window.location.origin}/customer/account?tab=payments` },
      redirect: "if_required",
    });
    setSubmitting(false);
    if (result.error) {
      setError(result.error.message ?? "The card could not be saved.");
      return;
    }
    onSaved();
  };

  return (
    <CardElementForm
      onSubmit={handleSubmit}
      ready={Boolean(stripe && elements)}
      submitting={submitting}
      submittingLabel="Saving the card"
      error={error}
    >
      Save card
    </CardElementForm>
  );
}

"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { CreditCard } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CardFormLoading, CardFormUnavailable, elementsOptions, useStripeLoader } from "@/components/payments/use-stripe-loader";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * Saves a card with the Payment Element for a SetupIntent: Stripe keeps the card, and we only
 * ever see its brand, last four digits and expiry.
 */
export function AddCardForm({ clientSecret, publishableKey, onSaved }: { clientSecret: string; publishableKey: string; onSaved: () => void }) {
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
    <form method="post" onSubmit={handleSubmit} className="space-y-4">
      <PaymentElement />
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <SubmitButton className="w-full" disabled={!stripe || !elements || submitting}>
        {submitting ? <Spinner className="[&>span:first-child]:size-4" label="Saving the card" /> : <CreditCard aria-hidden="true" className="size-4" />}
        Save card
      </SubmitButton>
    </form>
  );
}

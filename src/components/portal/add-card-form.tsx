"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { CreditCard, RotateCcw, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { loadStripeOnce } from "@/components/payments/load-stripe";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";

type LoadState = { kind: "loading" } | { kind: "unavailable"; message: string } | { kind: "ready"; stripe: Stripe };

/**
 * Saves a card with the Payment Element for a SetupIntent: Stripe keeps the card, and we only
 * ever see its brand, last four digits and expiry.
 */
export function AddCardForm({ clientSecret, publishableKey, onSaved }: { clientSecret: string; publishableKey: string; onSaved: () => void }) {
  const [state, setState] = useState<LoadState>({ kind: "loading" });

  const load = useCallback(() => {
    setState({ kind: "loading" });
    let cancelled = false;
    loadStripeOnce(publishableKey).then(
      (stripe) => !cancelled && setState({ kind: "ready", stripe }),
      (error: Error) => !cancelled && setState({ kind: "unavailable", message: error.message }),
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  useEffect(() => load(), [load]);

  if (state.kind === "loading") {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-gray-200 p-4 text-sm text-gray-700">
        <Spinner className="shrink-0" label="Loading the secure card form" />
        Loading the secure card form…
      </div>
    );
  }
  if (state.kind === "unavailable") {
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <p className="flex items-center gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
          Card form unavailable
        </p>
        <p className="mt-1">The secure card form could not be loaded from the payment provider. Check the internet connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={load}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <Elements stripe={state.stripe} options={{ clientSecret, appearance: { theme: "stripe", variables: { colorPrimary: "#255937" } } }}>
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

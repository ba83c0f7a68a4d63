"use client";

import type { Stripe, StripeElements, StripeElementsOptions } from "@stripe/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { CreditCard, RotateCcw, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { loadStripeOnce } from "./load-stripe";

export type StripeLoadState = { kind: "loading" } | { kind: "unavailable"; message: string } | { kind: "ready"; stripe: Stripe };

/** Loads Stripe.js for a card form, with a retry the form can offer when the provider cannot be reached. */
export function useStripeLoader(publishableKey: string): { state: StripeLoadState; retry: () => void } {
  const [state, setState] = useState<StripeLoadState>({ kind: "loading" });

  const retry = useCallback(() => {
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

  useEffect(() => retry(), [retry]);
  return { state, retry };
}

export function CardFormLoading() {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-gray-200 p-4 text-sm text-gray-700">
      <Spinner className="shrink-0" label="Loading the secure card form" />
      Loading the secure card form…
    </div>
  );
}

/** Shown when Stripe.js cannot be loaded: what is unavailable, why, and a retry. */
export function CardFormUnavailable({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </p>
      <p className="mt-1">{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}

/** Stripe's card fields in our colours. */
export function elementsOptions(clientSecret: string): StripeElementsOptions {
  return { clientSecret, appearance: { theme: "stripe", variables: { colorPrimary: "#255937" } } };
}

/**
 * Loads Stripe.js, then shows the loading panel, the unavailable panel with a retry (saying
 * `unavailableMessage`, or the loader's own reason), or `children` inside Stripe's Elements.
 */
export function StripeCardStep({
  publishableKey,
  clientSecret,
  unavailableTitle,
  unavailableMessage,
  children,
}: {
  publishableKey: string;
  clientSecret: string;
  unavailableTitle: string;
  unavailableMessage?: string;
  children: ReactNode;
}) {
  const { state, retry } = useStripeLoader(publishableKey);
  if (state.kind === "loading") return <CardFormLoading />;
  if (state.kind === "unavailable") {
    return <CardFormUnavailable title={unavailableTitle} message={unavailableMessage ?? state.message} onRetry={retry} />;
  }
  return (
    <Elements stripe={state.stripe} options={elementsOptions(clientSecret)}>
      {children}
    </Elements>
  );
}

/**
 * Stripe's card fields with our error line and submit button, for paying and for saving a card.
 * `confirm` runs once Stripe is ready and answers the message to show, or null when it went through.
 */
export function CardElementForm({
  confirm,
  submittingLabel,
  children,
}: {
  confirm: (stripe: Stripe, elements: StripeElements) => Promise<string | null>;
  submittingLabel: string;
  children: ReactNode;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setError(null);
    const message = await confirm(stripe, elements);
    setSubmitting(false);
    setError(message);
  };

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      <PaymentElement />
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <SubmitButton className="w-full" disabled={!stripe || !elements || submitting}>
        {submitting ? (
          <Spinner className="[&>span:first-child]:size-4" label={submittingLabel} />
        ) : (
          <CreditCard aria-hidden="true" className="size-4" />
        )}
        {children}
      </SubmitButton>
    </form>
  );
}

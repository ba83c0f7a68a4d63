"use client";

import type { Stripe } from "@stripe/stripe-js";
import { useCallback, useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
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

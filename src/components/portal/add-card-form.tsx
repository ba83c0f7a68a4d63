"use client";

import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE } from "@/components/payments/load-stripe";
import { CardElementForm, StripeCardStep } from "@/components/payments/use-stripe-loader";

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
  const confirm = async (stripe: Stripe, elements: StripeElements) => {
    const result = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: `${window.location.origin}/customer/account?tab=payments` },
      redirect: "if_required",
    });
    if (result.error) return result.error.message ?? "The card could not be saved.";
    onSaved();
    return null;
  };

  return (
    <StripeCardStep
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      unavailableTitle="Card form unavailable"
      unavailableMessage={CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE}
    >
      <CardElementForm confirm={confirm} submittingLabel="Saving the card">
        Save card
      </CardElementForm>
    </StripeCardStep>
  );
}

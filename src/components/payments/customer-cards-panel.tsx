"use client";

import { useState } from "react";
import { CreditCard, Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { brandName } from "@/components/portal/card-brand";
import { api } from "@/trpc/react";

/** Staff's view of a customer's saved cards and autopay, with the add-a-card link and consent. */
export function CustomerCardsPanel({ customerId }: { customerId: number }) {
  const utils = api.useUtils();
  const onFile = api.cards.customerCards.useQuery({ id: customerId });
  const [consentNote, setConsentNote] = useState("");
  const onError = (error: unknown) => toast({ title: "That did not work", description: errorMessage(error), variant: "destructive" });
  const request = api.cards.requestCard.useMutation({
    onSuccess: (answer) => toast({ title: "Link sent", description: answer.message }),
    onError,
  });
  const autopay = api.cards.staffSetAutopay.useMutation({
    onSuccess: async () => {
      setConsentNote("");
      await utils.cards.customerCards.invalidate({ id: customerId });
    },
    onError,
  });

  if (onFile.isPending) return <Spinner label="Loading saved cards" className="p-4" />;
  if (onFile.isError) return <p className="p-4 text-sm text-red-700">Saved cards could not be loaded: {errorMessage(onFile.error)}</p>;
  const { configured, cards, autopay: state } = onFile.data;
  if (!configured) return <p className="p-4 text-sm text-gray-600">Card payments are not set up, so cards cannot be saved.</p>;

  return (
    <div className="space-y-3 p-4">
      {cards.length === 0 ? (
        <p className="text-sm text-gray-600">No saved cards.</p>
      ) : (
        <ul className="space-y-1 text-sm text-gray-800" aria-label="Saved cards">
          {cards.map((card) => (
            <li key={card.id} className="flex items-center gap-2">
              <CreditCard aria-hidden="true" className="size-4 text-brand-700" />
              {brandName(card.brand)} ending in {card.last4}, expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
              {card.isDefault ? <span className="rounded bg-brand-50 px-1.5 text-xs font-semibold text-brand-800">Default</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-gray-800">
        Autopay: <strong>{state.enabled ? "on" : "off"}</strong>
        {state.consent ? ` (turned on by ${state.consent.by === "staff" ? `staff: ${state.consent.note}` : "the customer"})` : ""}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="outline" size="sm" onClick={() => request.mutate({ id: customerId })} disabled={request.isPending}>
          <Mail aria-hidden="true" className="size-4" />
          Email a link to add a card
        </Button>
        {state.enabled ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => autopay.mutate({ id: customerId, enabled: false })}
            disabled={autopay.isPending}
          >
            Turn autopay off
          </Button>
        ) : cards.length > 0 ? (
          <form
            method="post"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              autopay.mutate({ id: customerId, enabled: true, consentNote });
            }}
          >
            <div>
              <label htmlFor={`consent-${customerId}`} className="mb-1 block text-xs font-medium text-gray-800">
                How the customer agreed
              </label>
              <input
                id={`consent-${customerId}`}
                value={consentNote}
                onChange={(event) => setConsentNote(event.target.value)}
                className={controlClasses()}
                placeholder="By phone today"
                maxLength={500}
              />
            </div>
            <SubmitButton size="sm" disabled={autopay.isPending}>
              Turn autopay on
            </SubmitButton>
          </form>
        ) : null}
      </div>
    </div>
  );
}

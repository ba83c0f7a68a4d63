"use client";

import { useState } from "react";
import { CreditCard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/toast/toast-store";
import { BUSINESS } from "@/lib/business";
import { api } from "@/trpc/react";
import { AddCardForm } from "./add-card-form";
import { brandName } from "./card-brand";
import { DialogCloseButton, ModalDialog } from "@/components/ui/modal-dialog";
import { errorMessage } from "@/components/error-text";
import { PortalEmptyState } from "./portal-empty-state";

/** My Account → Payments → Payment Methods: saved cards, the default one, and autopay. */
export function SavedCards({ startAdding = false }: { startAdding?: boolean }) {
  const utils = api.useUtils();
  const config = api.payments.cardConfig.useQuery({});
  const onFile = api.cards.mine.useQuery({});
  const [adding, setAdding] = useState(startAdding);
  const setup = api.cards.setup.useMutation();
  const refresh = async () => {
    await utils.cards.mine.invalidate();
  };
  const onError = (error: unknown) =>
    toast({
      title: "That did not work",
      description: errorMessage(error, { answer: "Please try again", exception: "We could not reach the server" }),
      variant: "destructive",
    });
  const remove = api.cards.remove.useMutation({ onSuccess: (data) => utils.cards.mine.setData({}, data), onError });
  const makeDefault = api.cards.makeDefault.useMutation({ onSuccess: (data) => utils.cards.mine.setData({}, data), onError });
  const autopay = api.cards.setAutopay.useMutation({ onSuccess: refresh, onError });

  const configured = Boolean(config.data?.enabled && config.data.publishableKey && onFile.data?.configured);
  const cards = onFile.data?.cards ?? [];

  const openAdd = () => {
    setAdding(true);
    setup.mutate({});
  };
  const closeAdd = () => {
    setAdding(false);
    setup.reset();
  };

  if (onFile.isPending || config.isPending) return <Spinner label="Loading payment methods" className="mt-4" />;

  return (
    <div className="mt-4 space-y-4">
      {cards.length === 0 ? (
        <PortalEmptyState icon={CreditCard} text="No payment methods saved" className="">
          {configured ? (
            <Button variant="outline" className="mt-4" onClick={openAdd}>
              Add Payment Method
            </Button>
          ) : (
            <p className="mt-2 text-sm text-gray-600">
              Card payments are not set up yet, so cards cannot be saved online. Call {BUSINESS.phone} to pay by card.
            </p>
          )}
        </PortalEmptyState>
      ) : (
        <>
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200" aria-label="Saved cards">
            {cards.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center gap-3 p-3">
                <CreditCard aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-gray-900">
                    {brandName(card.brand)} ending in {card.last4}
                    {card.isDefault ? (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Default</span>
                    ) : null}
                  </p>
                  <p className="text-sm text-gray-700">
                    Expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                  </p>
                </div>
                <div className="flex gap-2">
                  {card.isDefault ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={makeDefault.isPending}
                      onClick={() => makeDefault.mutate({ id: card.id })}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ id: card.id })}
                    aria-label={`Remove ${brandName(card.brand)} ending in ${card.last4}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className="flex items-start gap-2 text-gray-800">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-brand-700"
                checked={onFile.data?.autopay.enabled ?? false}
                disabled={autopay.isPending}
                onChange={(event) => autopay.mutate({ enabled: event.target.checked })}
              />
              <span>
                <span className="font-semibold">Autopay</span>: charge my default card when a visit is completed
              </span>
            </label>
            <Button variant="outline" onClick={openAdd}>
              Add Payment Method
            </Button>
          </div>
        </>
      )}

      <ModalDialog open={adding} onClose={closeAdd} title="Add a card">
        {!configured ? (
          <p className="text-gray-700">Card payments are not set up yet, so cards cannot be saved online.</p>
        ) : setup.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(setup.error, { answer: "The card form could not be started", exception: "The card form could not be started" })}
          </p>
        ) : !setup.data ? (
          <Spinner label="Preparing the card form" />
        ) : (
          <AddCardForm
            clientSecret={setup.data.clientSecret}
            publishableKey={config.data!.publishableKey!}
            onSaved={async () => {
              closeAdd();
              toast({ title: "Card saved", description: "Your card is saved for future payments." });
              await refresh();
            }}
          />
        )}
        <p className="mt-3 text-xs text-gray-600">Cards are kept by our payment provider, never on our servers.</p>
        <DialogCloseButton onClose={closeAdd} />
      </ModalDialog>
    </div>
  );
}

"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { CustomerPicker } from "@/components/staff/customers/customer-picker";
import { DollarAmountField } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatCents } from "@/lib/money";
import { ZPaymentAmountSchema } from "@/lib/validation/payment";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { ActionRow } from "@/components/ui/action-row";

// Stripe's libraries load at the card step, not with the dialog. A loading state of its own keeps the
// wait inside the dialog: without one, the page's Suspense boundary would hide the whole screen.
const CardPaymentForm = dynamic(() => import("./card-payment-form").then((module) => module.CardPaymentForm), {
  loading: () => <p className="text-sm text-gray-600">Loading the card form…</p>,
});

interface StartedPayment {
  paymentId: number;
  customerId: number;
  amountCents: number;
  clientSecret: string;
}

/**
 * New Payment: the amount in dollars, then a pending record and its intent,
 * then the card. Changing the customer starts over (amount and client secret reset).
 */
export function NewPaymentDialog({
  open,
  onClose,
  initialCustomerId,
}: {
  open: boolean;
  onClose: () => void;
  initialCustomerId: number | null;
}) {
  const [customerId, setCustomerId] = useState<string>(initialCustomerId ? String(initialCustomerId) : "");
  const [amount, setAmount] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ customerId?: string; amount?: string }>({});
  const [setupError, setSetupError] = useState<string | null>(null);
  const [started, setStarted] = useState<StartedPayment | null>(null);
  const [pendingRecord, setPendingRecord] = useState<{ id: number; customerId: number; amountCents: number } | null>(null);

  const utils = api.useUtils();
  const cardConfig = api.payments.cardConfig.useQuery({});
  const createRecord = api.payments.create.useMutation();
  const createIntent = api.payments.createIntent.useMutation();
  const busy = createRecord.isPending || createIntent.isPending;

  const changeCustomer = (value: string) => {
    setCustomerId(value);
    setAmount("");
    setStarted(null);
    setPendingRecord(null);
    setFieldErrors({});
    setSetupError(null);
  };

  const failSetup = (message: string) => {
    setSetupError(message);
    toast({ title: "Payment setup failed", description: message, variant: "destructive" });
  };

  const startPayment = async () => {
    setSetupError(null);
    const parsed = ZPaymentAmountSchema.safeParse({ customerId, amount });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFieldErrors({ [issue?.path[0] === "customerId" ? "customerId" : "amount"]: issue?.message });
      return;
    }
    setFieldErrors({});
    const { customerId: id, amount: dollars, amountCents } = parsed.data;
    if (cardConfig.data && !cardConfig.data.enabled) {
      failSetup("Card payments are not configured");
      return;
    }
    try {
      // A second try with the same amount reuses the pending record made by the first.
      const record =
        pendingRecord && pendingRecord.customerId === id && pendingRecord.amountCents === amountCents
          ? pendingRecord
          : await createRecord.mutateAsync({ customerId: id, amount: amountCents, status: "pending" }).then((payment) => ({
              id: payment.id,
              customerId: id,
              amountCents,
            }));
      setPendingRecord(record);
      await utils.payments.list.invalidate({ customerId: id });
      const intent = await createIntent.mutateAsync({ amount: dollars, customerId: id, paymentId: record.id });
      setStarted({ paymentId: record.id, customerId: id, amountCents: intent.amount, clientSecret: intent.clientSecret });
    } catch (error) {
      failSetup(errorMessage(error));
    }
  };

  const handlePaid = async () => {
    if (started) await utils.payments.list.invalidate({ customerId: started.customerId });
    onClose();
  };

  const publishableKey = cardConfig.data?.publishableKey;

  return (
    <ModalDialog open={open} onClose={onClose} title="New Payment" description="Take a card payment. The amount is in US dollars.">
      <div className="space-y-4">
        <CustomerPicker
          id="new-payment-customer"
          value={customerId ? Number(customerId) : null}
          onChange={(picked) => changeCustomer(picked ? String(picked.id) : "")}
          error={fieldErrors.customerId}
        />

        {started && publishableKey ? (
          <div className="space-y-3">
            <p className="text-sm text-gray-700">
              Amount: <span className="font-semibold text-gray-900">{formatCents(started.amountCents)}</span> · payment #{started.paymentId}
            </p>
            <CardPaymentForm
              clientSecret={started.clientSecret}
              publishableKey={publishableKey}
              amountCents={started.amountCents}
              onPaid={handlePaid}
            />
          </div>
        ) : (
          <form
            method="post"
            className="space-y-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void startPayment();
            }}
          >
            <DollarAmountField value={amount} onChange={(event) => setAmount(event.target.value)} error={fieldErrors.amount} />
            {setupError ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                <span className="font-semibold">Payment setup failed:</span> {setupError}
              </p>
            ) : null}
            <ActionRow back={onClose}>
              <SubmitButton disabled={busy}>{busy ? "Setting up…" : "Continue to card details"}</SubmitButton>
            </ActionRow>
          </form>
        )}
      </div>
    </ModalDialog>
  );
}

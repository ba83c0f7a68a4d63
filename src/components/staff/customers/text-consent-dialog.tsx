"use client";

import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ActionRow } from "@/components/ui/action-row";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { formatPhoneNumber } from "@/lib/phone-number";
import { STAFF_TEXT_WITHDRAWAL_WORDS } from "@/lib/staff-text-consent";
import { NOTIFY_BY, type NotifyBy, TEXT_CONSENT_WORDS } from "@/lib/texts";
import { api } from "@/trpc/react";

export const NOTIFY_BY_LABELS: Record<NotifyBy, string> = { email: "Email", text: "Text", both: "Email and text" };

/**
 * Staff record what a customer said on the phone: consent after reading them the words every "Text
 * me" box shows, or a withdrawal. The server keeps the words and who recorded it, and refuses a
 * number that cannot take texts with a message shown here.
 */
export function TextConsentDialog({
  customerId,
  phone,
  giving,
  open,
  onClose,
}: {
  customerId: number;
  phone: string | null;
  /** True to record consent, false to record a withdrawal. */
  giving: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const [notifyBy, setNotifyBy] = useState<NotifyBy>("both");
  const utils = api.useUtils();
  const record = api.texts.recordCustomerConsent.useMutation({
    onSuccess: async () => {
      toast({ title: giving ? "Consent to texts recorded" : "Withdrawal recorded" });
      close();
      await utils.texts.customerConsent.invalidate({ id: customerId });
    },
  });

  const close = () => {
    setConfirmed(false);
    record.reset();
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={giving ? "Record consent to texts" : "Record that texts were withdrawn"}
      description={giving ? "Read these words to the customer, then record their answer." : undefined}
    >
      <div className="space-y-4">
        {giving ? (
          <>
            <blockquote
              className="rounded-lg border-l-4 border-brand-600 bg-brand-50 p-3 text-sm text-gray-900"
              data-testid="consent-words"
            >
              {TEXT_CONSENT_WORDS}
            </blockquote>
            <p className="text-sm text-gray-700">
              Texts will go to {phone ? <strong>{formatPhoneNumber(phone)}</strong> : "the phone on the record (there is none yet)"}.
            </p>
            <SelectField
              label="Notices go by"
              value={notifyBy}
              onChange={(event) => setNotifyBy(NOTIFY_BY.find((choice) => choice === event.target.value) ?? "both")}
            >
              {NOTIFY_BY.map((choice) => (
                <option key={choice} value={choice}>
                  {NOTIFY_BY_LABELS[choice]}
                </option>
              ))}
            </SelectField>
          </>
        ) : (
          <p className="text-sm text-gray-700">The customer will get no more texts, and notices will come by email.</p>
        )}
        <CheckboxField
          className="font-medium text-gray-900"
          label={giving ? "The customer agreed on the phone" : STAFF_TEXT_WITHDRAWAL_WORDS}
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        {record.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {record.error.message}
          </p>
        ) : null}
      </div>
      <ActionRow back={close} className="mt-6">
        <Button
          disabled={!confirmed || record.isPending}
          onClick={() => record.mutate(giving ? { id: customerId, textConsent: true, notifyBy } : { id: customerId, textConsent: false })}
        >
          {record.isPending ? "Recording…" : giving ? "Record consent" : "Record withdrawal"}
        </Button>
      </ActionRow>
    </ModalDialog>
  );
}

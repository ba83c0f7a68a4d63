"use client";

import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Spinner } from "@/components/ui/spinner";
import { formatPhoneNumber } from "@/lib/phone-number";
import { NOTIFY_BY, type NotifyBy } from "@/lib/texts";
import { api, type RouterOutputs } from "@/trpc/react";
import { TextConsentCheckbox } from "./text-consent-checkbox";

type TextPreference = RouterOutputs["portal"]["textPreference"];

const NOTIFY_BY_LABELS: Record<NotifyBy, string> = { email: "Email", text: "Text", both: "Both" };

export const TEXTS_STOPPED = "You texted STOP, so we send no texts. Tick the box again (or text START) to resume.";
export const TEXTS_PAUSED_PHONE_CHANGED = "Texts are paused: your phone changed; tick the box to text the new number.";

/** Why texts do not reach a customer who agreed to them, or null. */
export function textsPausedReason(preference: TextPreference): string | null {
  if (!preference.textConsent || preference.canText) return null;
  return preference.stopped ? TEXTS_STOPPED : TEXTS_PAUSED_PHONE_CHANGED;
}

/**
 * My Account → Profile → Texts (docs/product-rules.md#texts). The box says whether texts reach the
 * customer now: after STOP or a changed phone it shows unticked with the reason, and ticking it
 * agrees again for the phone on the profile.
 */
export function TextPreferences({ phone }: { phone: string | null }) {
  const preference = api.portal.textPreference.useQuery({});
  return (
    <section aria-labelledby="texts-heading" className="space-y-3">
      <h2 id="texts-heading" className="text-lg font-semibold text-gray-900">
        Texts
      </h2>
      {preference.isPending ? (
        <Spinner label="Loading your text settings" />
      ) : preference.isError ? (
        <p className="text-sm text-red-700">Your text settings could not be loaded.</p>
      ) : (
        // A fresh form for each saved state, so what shows is what was saved.
        <TextPreferenceForm key={JSON.stringify(preference.data)} saved={preference.data} phone={phone} />
      )}
    </section>
  );
}

function TextPreferenceForm({ saved, phone }: { saved: TextPreference; phone: string | null }) {
  const utils = api.useUtils();
  const [consent, setConsent] = useState(saved.canText);
  // Agreeing again starts from the last choice; from email only, texts come with email.
  const [notifyBy, setNotifyBy] = useState<NotifyBy>(saved.canText || saved.notifyBy !== "email" ? saved.notifyBy : "both");
  const [failure, setFailure] = useState<string | null>(null);
  const save = api.portal.updateTextPreference.useMutation({
    onSuccess: (next) => {
      utils.portal.textPreference.setData({}, next);
      toast({ title: next.canText ? "Texts are on" : "Texts are off" });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const changed = consent !== saved.canText || (consent && notifyBy !== saved.notifyBy);
  const paused = consent ? null : textsPausedReason(saved);
  const number = saved.canText && saved.textNumber ? saved.textNumber : phone;

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        save.mutate(consent ? { textConsent: true, notifyBy } : { textConsent: false });
      }}
    >
      {paused ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {paused}
        </p>
      ) : null}
      <TextConsentCheckbox checked={consent} disabled={save.isPending} onChange={(event) => setConsent(event.target.checked)} />
      {consent ? (
        <>
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-gray-800">How should we reach you?</legend>
            <div className="flex gap-2">
              {NOTIFY_BY.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="notifyBy"
                    value={value}
                    checked={notifyBy === value}
                    disabled={save.isPending}
                    onChange={() => setNotifyBy(value)}
                    className="size-4 accent-brand-700"
                  />
                  <span className="text-sm font-medium text-gray-900">{NOTIFY_BY_LABELS[value]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="text-sm text-gray-700">
            {number ? (
              <>
                Texts go to <span className="font-medium text-gray-900">{formatPhoneNumber(number)}</span>
                {saved.canText ? "." : ", the phone on your profile."}
              </>
            ) : (
              "Add your mobile number to your profile first: texts go to the phone on your profile."
            )}
          </p>
        </>
      ) : null}
      <FormAlert message={failure ?? undefined} />
      <Button type="submit" variant="secondary" disabled={!changed || save.isPending}>
        {save.isPending ? "Saving..." : "Save text settings"}
      </Button>
    </form>
  );
}

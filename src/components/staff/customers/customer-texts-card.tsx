"use client";

import { DetailCard } from "./detail-card";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatBusinessDate } from "@/lib/business-time";
import { formatPhoneNumber } from "@/lib/phone-number";
import type { TextConsentMethod } from "@/lib/texts";
import { api, type RouterOutputs } from "@/trpc/react";
import { NOTIFY_BY_LABELS, TextConsentDialog } from "./text-consent-dialog";

const CARD = {
  id: "customer-texts-heading",
  title: "Texts",
  loading: "Loading the customer's texts",
  failed: "The customer's texting choice could not be loaded.",
} as const;

type TextConsent = RouterOutputs["texts"]["customerConsent"];

const METHOD_LABELS: Record<TextConsentMethod, string> = {
  booking: "Booking form",
  registration: "Registration",
  portal: "My Account",
  staff: "On the phone",
  keyword: "By text",
};

const day = (date: Date) => formatBusinessDate(date, "MMM d, yyyy");

/** Where the customer stands on texts, in one sentence. */
function standing(consent: TextConsent): string {
  const number = consent.textNumber ? formatPhoneNumber(consent.textNumber) : null;
  if (consent.stopped)
    return `Texted STOP${consent.stoppedSince ? ` on ${day(consent.stoppedSince)}` : ""}: no texts until they text START.`;
  if (!consent.textConsent) return "Has not agreed to texts.";
  const since = consent.consentSince ? ` since ${day(consent.consentSince)}` : "";
  if (!consent.canText) return `Agreed to texts at ${number}${since}, but the phone on the record has changed: record consent again.`;
  return `Agreed to texts at ${number}${since}.`;
}

/**
 * A customer's texts on the staff screen: consent and since when, STOP, how notices come, and every
 * consent change (when, how, the words, who). Staff record consent given, or withdrawn, on the phone.
 */
export function CustomerTextsCard({ customerId, phone }: { customerId: number; phone: string | null }) {
  const consent = api.texts.customerConsent.useQuery({ id: customerId });
  const [dialog, setDialog] = useState<"give" | "withdraw" | null>(null);
  const data = consent.data;
  return (
    <DetailCard {...CARD} query={consent}>
      {data ? (
        <>
          <p className="text-sm text-gray-800" data-testid="text-consent-standing">
            {standing(data)}
          </p>
          <p className="text-sm text-gray-700">
            Notices by: <strong className="text-gray-900">{NOTIFY_BY_LABELS[data.notifyBy]}</strong>
            {data.notifyBy !== "email" && !data.canText ? " (by email until texts can reach them)" : null}
          </p>
          <div className="flex flex-wrap gap-2">
            {data.canText ? null : (
              <Button variant="secondary" onClick={() => setDialog("give")}>
                Record consent given on the phone
              </Button>
            )}
            {data.textConsent ? (
              <Button variant="outline" onClick={() => setDialog("withdraw")}>
                Record that they withdrew
              </Button>
            ) : null}
          </div>
          <h3 className="pt-2 text-sm font-semibold text-gray-900">History</h3>
          {data.history.length === 0 ? (
            <p className="text-sm text-gray-600">No consent given or withdrawn yet.</p>
          ) : (
            <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Consent history">
              {data.history.map((change) => (
                <li key={change.id} className="space-y-1 px-3 py-2 text-sm" data-testid="consent-change">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className={change.given ? "font-semibold text-green-800" : "font-semibold text-red-800"}>
                      {change.given ? "Agreed" : "Withdrew"}
                    </span>
                    <span className="text-gray-800">{METHOD_LABELS[change.method]}</span>
                    <span className="text-xs text-gray-600">
                      {formatBusinessDate(change.createdAt, "MMM d, yyyy, h:mm a")}
                      {change.recordedBy ? ` · recorded by ${change.recordedBy}` : ""}
                    </span>
                  </p>
                  <p className="text-xs break-words text-gray-600">“{change.words}”</p>
                </li>
              ))}
            </ol>
          )}
          <TextConsentDialog
            customerId={customerId}
            phone={phone}
            giving={dialog === "give"}
            open={dialog !== null}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
    </DetailCard>
  );
}

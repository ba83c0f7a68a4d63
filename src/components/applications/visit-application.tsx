"use client";

import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { businessToday } from "@/lib/business-time";
import type { TApplicationInput } from "@/lib/validation/applications";
import { api } from "@/trpc/react";
import { ApplicationForm } from "./application-form";
import { ApplicationRecordView, type ApplicationRecordData } from "./application-record-view";
import { useApplicationChoices } from "./use-application-choices";

/** A record's content as the form edits it: the corrected version starts from the one standing. */
function inputOf(record: ApplicationRecordData & { applicatorStaffUserId: number | null }): TApplicationInput {
  return {
    products: record.products.map((product) => ({
      productId: product.productId,
      amount: product.amount,
      mixingRate: product.mixingRate,
      totalMix: product.totalMix,
    })),
    areaTreatedSqFt: record.areaTreatedSqFt,
    targetPest: record.targetPest,
    windSpeedMph: record.windSpeedMph,
    windDirection: record.windDirection,
    temperatureF: record.temperatureF,
    applicatorStaffUserId: record.applicatorStaffUserId,
  };
}

/**
 * A treatment visit's application record on the office's visit, with its amendments in order (the
 * last one stands). On its day the record is corrected in place; after it, by an amendment that
 * says why (docs/product-rules.md#application-records).
 */
export function VisitApplication({ visitId }: { visitId: string }) {
  const utils = api.useUtils();
  const application = api.applications.forVisit.useQuery({ visitId });
  const [editing, setEditing] = useState(false);
  const choices = useApplicationChoices(editing);
  const edit = api.applications.edit.useMutation();
  const amend = api.applications.amend.useMutation();
  const record = application.data?.record;
  if (!record) return null;
  const chain = [record, ...application.data!.amendments];
  const standing = chain.at(-1)!;
  const sameDay = standing.id === record.id && record.appliedOn === businessToday();

  return (
    <section className="mt-2 space-y-2" aria-label="Application record">
      {chain.map((version) => (
        <ApplicationRecordView key={version.id} record={version} standing={version.id === standing.id} />
      ))}
      {editing ? (
        <ApplicationForm
          products={choices.products}
          applicators={choices.applicators}
          defaults={{ areaSqFt: standing.areaTreatedSqFt, targetPest: standing.targetPest, input: inputOf(standing) }}
          askReason={!sameDay}
          submitLabel={sameDay ? "Save the record" : "Record the amendment"}
          onCancel={() => setEditing(false)}
          onSubmit={async (input, form) => {
            try {
              if (sameDay) await edit.mutateAsync({ id: standing.id, ...input });
              else await amend.mutateAsync({ id: standing.id, ...input, reason: String(form.get("reason") ?? "") });
            } catch (error) {
              throw new Error(errorMessage(error));
            }
            toast({ title: sameDay ? "Application record saved" : "Amendment recorded" });
            setEditing(false);
            await utils.applications.forVisit.invalidate({ visitId });
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="min-h-11 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-800 hover:bg-gray-50"
        >
          {sameDay ? "Correct the record" : "Amend the record"}
        </button>
      )}
    </section>
  );
}

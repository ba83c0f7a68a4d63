"use client";

import { Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { addDays, businessToday, isDateString } from "@/lib/business-time";
import { centsToDollars, formatCents } from "@/lib/money";
import { roundsToCome } from "@/lib/programs";
import type { QuotePlanKind } from "@/lib/quote-enums";
import { chargedUnitOf, planVisitPrice } from "@/lib/quote-visit-price";
import { quoteTotals } from "@/lib/quote-totals";
import type { TQuoteOfferInput } from "@/lib/validation/quotes";
import { api, type RouterOutputs } from "@/trpc/react";

type Quote = RouterOutputs["quotes"]["get"];
interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
  optional: boolean;
}

const toCents = (dollars: string) => Math.round(Number(dollars.replace(/[$,\s]/g, "")) * 100);

function linesOf(quote?: Quote): Line[] {
  if (!quote) return [{ description: "", quantity: "1", unitPrice: "", optional: false }];
  return quote.version.items.map((item) => ({
    description: item.description,
    quantity: String(item.quantity),
    unitPrice: centsToDollars(item.unitPrice).toFixed(2),
    optional: item.optional,
  }));
}

/**
 * Staff's quote form: for a request, for a customer, or for someone typed in; or the revision of a
 * quote (a new version once it was sent). The server checks everything again (docs/product-rules.md#quotes).
 */
export function QuoteBuilder({ quote, requestId, customerId }: { quote?: Quote; requestId?: number; customerId?: number }) {
  const router = useRouter();
  const today = businessToday();
  const v = quote?.version;
  const [contact, setContact] = useState({ fullName: "", email: "", address: "", city: "", zipCode: "" });
  const [lines, setLines] = useState<Line[]>(linesOf(quote));
  const [expiresOn, setExpiresOn] = useState(v?.expiresOn ?? addDays(today, 30));
  const [message, setMessage] = useState(v?.message ?? "");
  const [planKind, setPlanKind] = useState<QuotePlanKind>(v?.planKind ?? "one_time");
  const [programId, setProgramId] = useState(v?.planProgramId ? String(v.planProgramId) : "");
  const [lawnSize, setLawnSize] = useState(v?.planLawnSizeSqFt ? String(v.planLawnSizeSqFt) : "");
  const [autoRenew, setAutoRenew] = useState(v?.planAutoRenew ?? true);
  const [frequency, setFrequency] = useState<"weekly" | "biweekly" | "monthly">(v?.planFrequency ?? "monthly");
  const [firstDate, setFirstDate] = useState(v?.planFirstDate ?? addDays(today, 7));
  const [startTime, setStartTime] = useState(v?.planStartTime ?? "09:00");
  const [duration, setDuration] = useState(String(v?.planDurationMinutes ?? 120));
  const [endDate, setEndDate] = useState(v?.planEndDate ?? "");
  const [pricePerVisit, setPricePerVisit] = useState(v?.planPricePerVisit != null ? centsToDollars(v.planPricePerVisit).toFixed(2) : "");
  const [depositKind, setDepositKind] = useState<"none" | "percent" | "amount">(v?.depositKind ?? "none");
  const [depositValue, setDepositValue] = useState(
    v ? (v.depositKind === "amount" ? centsToDollars(v.depositValue).toFixed(2) : String(v.depositValue || "")) : "",
  );
  const [failure, setFailure] = useState<string | undefined>();
  const needsContact = !quote && !requestId && !customerId;
  const isProgram = planKind === "program";
  const programs = api.programs.list.useQuery({ status: "active" }, { enabled: isProgram });
  const program = programs.data?.find((found) => String(found.id) === programId);
  const toCome = program ? roundsToCome(program.rounds, today) : null;

  const onSaved = (saved: Quote) => {
    toast({ title: quote ? `Quote Q-${saved.id} saved (version ${saved.currentVersion})` : `Quote Q-${saved.id} created` });
    router.push(`/quotes/${saved.id}`);
  };
  const onError = (error: unknown) => setFailure(errorMessage(error));
  const create = api.quotes.create.useMutation({ onSuccess: onSaved, onError });
  const revise = api.quotes.revise.useMutation({ onSuccess: onSaved, onError });

  const items = lines.map((line) => ({
    description: line.description.trim(),
    quantity: Number(line.quantity),
    unitPrice: toCents(line.unitPrice),
    optional: line.optional,
  }));
  const preview = quoteTotals(
    items.map((item, id) => ({
      ...item,
      id,
      quantity: Number.isFinite(item.quantity) ? item.quantity : 0,
      unitPrice: Number.isFinite(item.unitPrice) ? item.unitPrice : 0,
    })),
    { taxRateBasisPoints: v?.taxRateBasisPoints ?? 825, selectedOptionalIds: [], depositKind: "none", depositValue: 0 },
  );
  const typedPrice = toCents(pricePerVisit);
  // What each visit will be charged: the price typed, or the required lines' total shared across the visits.
  const visitPrice = planVisitPrice(preview.total, {
    kind: planKind,
    rounds: toCome?.rounds.length,
    frequency: planKind === "recurring" ? frequency : null,
    firstDate: isDateString(firstDate) ? firstDate : "2000-01-01",
    startTime: /^\d{2}:\d{2}$/.test(startTime) ? startTime : "09:00",
    endDate: planKind === "recurring" && isDateString(endDate) && endDate >= firstDate ? endDate : null,
    pricePerVisit: pricePerVisit.trim() && Number.isFinite(typedPrice) ? typedPrice : null,
  });

  const unit = chargedUnitOf(planKind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const offer: TQuoteOfferInput = {
      items,
      expiresOn,
      message: message.trim() || null,
      plan: isProgram
        ? {
            kind: planKind,
            programId: programId ? Number(programId) : null,
            lawnSizeSqFt: lawnSize.trim() ? Number(lawnSize) : null,
            autoRenew,
            pricePerVisit: pricePerVisit.trim() ? toCents(pricePerVisit) : null,
          }
        : {
            kind: planKind,
            frequency: planKind === "recurring" ? frequency : null,
            firstDate,
            startTime,
            durationMinutes: Number(duration),
            endDate: planKind === "recurring" && endDate ? endDate : null,
            pricePerVisit: pricePerVisit.trim() ? toCents(pricePerVisit) : null,
          },
      deposit: {
        kind: depositKind,
        value: depositKind === "amount" ? toCents(depositValue) : depositKind === "percent" ? Number(depositValue) : 0,
      },
    };
    if (quote) revise.mutate({ id: quote.id, ...offer });
    else create.mutate({ ...offer, requestId: requestId ?? null, customerId: customerId ?? null, contact: needsContact ? contact : null });
  };
  const setLine = (index: number, change: Partial<Line>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const busy = create.isPending || revise.isPending;

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <FormAlert message={failure} />
      {needsContact ? (
        <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 font-semibold text-gray-900">Customer</legend>
          <TextField
            label="Full name"
            value={contact.fullName}
            onChange={(event) => setContact({ ...contact, fullName: event.target.value })}
          />
          <TextField
            label="Email"
            type="email"
            value={contact.email}
            onChange={(event) => setContact({ ...contact, email: event.target.value })}
          />
          <TextField
            label="Street address"
            value={contact.address}
            onChange={(event) => setContact({ ...contact, address: event.target.value })}
          />
          <div className="grid grid-cols-2 gap-2">
            <TextField label="City" value={contact.city} onChange={(event) => setContact({ ...contact, city: event.target.value })} />
            <TextField
              label="ZIP"
              inputMode="numeric"
              maxLength={5}
              value={contact.zipCode}
              onChange={(event) => setContact({ ...contact, zipCode: event.target.value })}
            />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
        <legend className="px-1 font-semibold text-gray-900">Lines</legend>
        {lines.map((line, index) => (
          <div key={index} className="grid gap-2 border-b border-gray-100 pb-3 sm:grid-cols-[1fr_5rem_7rem_auto_auto] sm:items-end">
            <TextField
              label={`Line ${index + 1}`}
              value={line.description}
              onChange={(event) => setLine(index, { description: event.target.value })}
            />
            <TextField
              label="Qty"
              inputMode="numeric"
              value={line.quantity}
              onChange={(event) => setLine(index, { quantity: event.target.value })}
            />
            <TextField
              label="Unit price ($)"
              inputMode="decimal"
              value={line.unitPrice}
              onChange={(event) => setLine(index, { unitPrice: event.target.value })}
            />
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={line.optional}
                onChange={(event) => setLine(index, { optional: event.target.checked })}
              />
              Optional
            </label>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.length === 1}
              onClick={() => setLines(lines.filter((_, at) => at !== index))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setLines([...lines, { description: "", quantity: "1", unitPrice: "", optional: false }])}
          >
            <Plus className="size-4" aria-hidden="true" /> Add line
          </Button>
          <p className="text-sm text-gray-700">
            Required lines: {formatCents(preview.subtotal)} + tax {formatCents(preview.tax)} = <strong>{formatCents(preview.total)}</strong>
          </p>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-3">
        <legend className="px-1 font-semibold text-gray-900">The plan it becomes</legend>
        <SelectField id="plan-kind" label="Kind" value={planKind} onChange={(event) => setPlanKind(event.target.value as QuotePlanKind)}>
          <option value="one_time">One visit</option>
          <option value="recurring">Recurring</option>
          <option value="program">Lawn program</option>
        </SelectField>
        {isProgram ? (
          <>
            <SelectField id="plan-program" label="Program" value={programId} onChange={(event) => setProgramId(event.target.value)}>
              <option value="">Choose a program</option>
              {programs.data?.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Lawn size (sq ft, optional)"
              inputMode="numeric"
              value={lawnSize}
              onChange={(event) => setLawnSize(event.target.value)}
              hint="Empty: the customer's usual size"
            />
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={autoRenew}
                onChange={(event) => setAutoRenew(event.target.checked)}
              />
              Renews each season
            </label>
            {toCome ? (
              <p className="text-sm text-gray-700 sm:col-span-3" data-testid="program-rounds">
                Enrolls in the {toCome.season} season: {toCome.rounds.length} round{toCome.rounds.length === 1 ? "" : "s"} still to come
                {toCome.rounds.length ? ` (${toCome.rounds.map((round) => round.purpose).join(", ")})` : ""}. Rounds due books each one.
              </p>
            ) : null}
          </>
        ) : (
          <>
            <TextField label="First date" type="date" value={firstDate} onChange={(event) => setFirstDate(event.target.value)} />
            <TextField
              label="Start time"
              type="time"
              step={3600}
              value={startTime}
              onChange={(event) => setStartTime(event.target.value)}
            />
            <TextField
              label="Duration (minutes)"
              inputMode="numeric"
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
            />
          </>
        )}
        <TextField
          label={isProgram ? "Price per round ($, tax included)" : "Price per visit ($, tax included)"}
          inputMode="decimal"
          value={pricePerVisit}
          onChange={(event) => setPricePerVisit(event.target.value)}
          hint={
            visitPrice.followsLines
              ? `Empty: follows the lines, ${formatCents(visitPrice.perVisit)} a ${unit}${visitPrice.covered > 1 ? ` over ${visitPrice.covered} ${unit}s` : ""}`
              : undefined
          }
        />
        {planKind === "recurring" ? (
          <>
            <SelectField
              id="plan-frequency"
              label="Frequency"
              value={frequency}
              onChange={(event) => setFrequency(event.target.value as typeof frequency)}
            >
              <option value="weekly">Weekly</option>
              <option value="biweekly">Every two weeks</option>
              <option value="monthly">Monthly</option>
            </SelectField>
            <TextField label="End date (optional)" type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />
          </>
        ) : null}
        {visitPrice.mismatch ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-3" data-testid="plan-price-mismatch">
            {visitPrice.covered === 1
              ? `A ${unit} is charged ${formatCents(visitPrice.mismatch.plan)}; the quote's lines come to ${formatCents(visitPrice.mismatch.quote)} with tax.`
              : `The plan's ${visitPrice.covered} ${unit}s at ${formatCents(visitPrice.perVisit)} come to ${formatCents(visitPrice.mismatch.plan)}; the quote's total is ${formatCents(visitPrice.mismatch.quote)}.`}{" "}
            Empty the price to follow the lines.
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-3">
        <legend className="px-1 font-semibold text-gray-900">Terms</legend>
        <TextField label="Valid through" type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        <SelectField
          id="deposit-kind"
          label="Deposit"
          value={depositKind}
          onChange={(event) => setDepositKind(event.target.value as typeof depositKind)}
        >
          <option value="none">No deposit</option>
          <option value="percent">Percentage</option>
          <option value="amount">Amount</option>
        </SelectField>
        {depositKind !== "none" ? (
          <TextField
            label={depositKind === "percent" ? "Deposit (%)" : "Deposit ($)"}
            inputMode="decimal"
            value={depositValue}
            onChange={(event) => setDepositValue(event.target.value)}
          />
        ) : null}
        <TextAreaField
          className="sm:col-span-3"
          label="Note to the customer (optional)"
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </fieldset>

      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {busy ? "Saving..." : quote ? "Save changes" : "Create quote"}
      </Button>
    </form>
  );
}

"use client";

import { AlarmClock, CalendarDays, Pencil, Send, XCircle } from "lucide-react";
import Link from "next/link";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button, ButtonLink } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { QuoteStatusBadge } from "./quote-status-badge";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { chargedUnitOf, planVisitPrice, visitPriceSentence } from "@/lib/quote-visit-price";
import { planSentence, quoteDay } from "@/lib/quote-plan-text";
import { formatTaxRate } from "@/lib/quote-totals";
import { api } from "@/trpc/react";

/** One quote for staff: its current version, what happened to it, and Send / Revise / Revoke. */
export function QuoteDetail({ id }: { id: number }) {
  const quote = api.quotes.get.useQuery({ id });
  const utils = api.useUtils();
  const refresh = (title: string) => async () => {
    toast({ title });
    await Promise.all([utils.quotes.get.invalidate({ id }), utils.quotes.list.invalidate()]);
  };
  const onError = (error: unknown) => toast({ title: "That did not work", description: errorMessage(error), variant: "destructive" });
  const send = api.quotes.send.useMutation({ onSuccess: refresh("Quote sent"), onError });
  const revoke = api.quotes.revoke.useMutation({ onSuccess: refresh("Link withdrawn"), onError });

  if (quote.isPending) return <PageSpinner />;
  if (quote.isError) return <p className="text-sm text-red-700">{errorMessage(quote.error)}</p>;
  const q = quote.data;
  const v = q.version;
  const plan = {
    kind: v.planKind,
    frequency: v.planFrequency,
    firstDate: v.planFirstDate,
    startTime: v.planStartTime,
    endDate: v.planEndDate,
    pricePerVisit: v.planPricePerVisit,
    program: q.program,
    rounds: q.program?.rounds.length,
  };
  // What each visit is charged, as the plan will charge it from the required lines (the customer's ticks may add to it).
  const visitPrice = planVisitPrice(v.totals.total, plan);
  const unit = chargedUnitOf(v.planKind);
  const accepted = q.status === "accepted";

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            Quote Q-{q.id} <QuoteStatusBadge status={q.status} className="ml-2 align-middle text-sm" />
          </h1>
          <p className="mt-1 text-sm text-gray-700">
            {q.fullName} · {q.email} · {q.address} {q.zipCode}
          </p>
          <p className="text-sm text-gray-600">
            Version {q.currentVersion} · valid through {quoteDay(v.expiresOn)}
            {q.sentAt ? ` · sent ${formatBusinessDate(q.sentAt, "MMM d, h:mm a")}` : ""}
            {q.viewedAt ? ` · viewed ${formatBusinessDate(q.viewedAt, "MMM d, h:mm a")}` : ""}
            {q.link === "revoked" ? " · link withdrawn" : ""}
          </p>
        </div>
        {!accepted ? (
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={`/quotes/${q.id}/edit`} prefetch={false} variant="outline">
              <Pencil className="size-4" aria-hidden="true" /> Revise
            </ButtonLink>
            <Button type="button" variant="primary" disabled={send.isPending} onClick={() => send.mutate({ id: q.id })}>
              <Send className="size-4" aria-hidden="true" /> {q.sentAt ? "Send again" : "Send"}
            </Button>
            {q.link === "live" ? (
              <Button type="button" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: q.id })}>
                <XCircle className="size-4" aria-hidden="true" /> Withdraw link
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {q.acceptance && q.acceptance.status !== "void" ? (
        <section className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
          <p className="font-semibold">
            {q.acceptance.status === "accepted" ? "Accepted" : "Accepted, waiting for the deposit"} by {q.acceptance.signedName} on{" "}
            {formatBusinessDate(q.acceptance.acceptedAt, "MMM d, yyyy 'at' h:mm a")} (version {q.acceptance.version}, from{" "}
            {q.acceptance.clientAddress})
          </p>
          <p>
            Total {formatCents(q.acceptance.total)}
            {q.acceptance.deposit > 0 ? ` · deposit ${formatCents(q.acceptance.deposit)}` : ""}
          </p>
          {q.visitsNeedingTime.length ? (
            <div className="mt-3 rounded-lg border border-orange-200 bg-white p-3 text-orange-900" data-testid="quote-visits-needing-time">
              <p className="font-medium">
                {q.visitsNeedingTime.length === 1 ? "1 visit needs" : `${q.visitsNeedingTime.length} visits need`} a time: no crew was free.{" "}
                {q.visitsNeedingTime.length === 1 ? "It is" : "They are"} pending on the schedule.
              </p>
              <ul className="mt-1 space-y-1">
                {q.visitsNeedingTime.map((visit) => (
                  <li key={visit.visitId}>
                    <Link
                      href={`/schedule?date=${formatBusinessDate(visit.startTime, "yyyy-MM-dd")}`}
                      prefetch={false}
                      className="inline-flex min-h-11 items-center gap-2 font-semibold underline"
                    >
                      <AlarmClock className="size-4" aria-hidden="true" />
                      {formatBusinessDate(visit.startTime, "EEE, MMM d 'at' h:mm a")}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : q.acceptance.visitsNeedingTime.length ? (
            <p className="mt-2 text-brand-900">Every visit that needed a time has one now.</p>
          ) : null}
          {q.enrollmentId && q.customerId ? (
            <ButtonLink href={`/customers/edit/${q.customerId}`} prefetch={false} variant="outline" size="sm" className="mt-3">
              <CalendarDays className="size-4" aria-hidden="true" /> See the enrollment on the customer's page
            </ButtonLink>
          ) : null}
          {q.scheduleId ? (
            <ButtonLink href={`/schedule?date=${v.planFirstDate}`} prefetch={false} variant="outline" size="sm" className="mt-3">
              <CalendarDays className="size-4" aria-hidden="true" /> See the plan on the schedule
            </ButtonLink>
          ) : null}
        </section>
      ) : null}
      {q.status === "declined" ? (
        <p className="rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm text-gray-800">
          Declined{q.declineReason ? `: “${q.declineReason}”` : " without a reason"}.
        </p>
      ) : null}

      <section className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
        <table className="w-full text-sm">
          <thead className="border-b border-gray-200 text-left text-gray-600">
            <tr>
              <th className="p-3 font-medium">Line</th>
              <th className="p-3 text-right font-medium">Qty</th>
              <th className="hidden p-3 text-right font-medium sm:table-cell">Unit</th>
              <th className="p-3 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {v.items.map((item) => (
              <tr key={item.id}>
                <td className="p-3">
                  {item.description}
                  {item.optional ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">Optional</span> : null}
                </td>
                <td className="p-3 text-right">{item.quantity}</td>
                <td className="hidden p-3 text-right sm:table-cell">{formatCents(item.unitPrice)}</td>
                <td className="p-3 text-right">{formatCents(item.quantity * item.unitPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="border-t border-gray-200 p-3 text-right text-sm">
          Required lines {formatCents(v.totals.subtotal)} + tax ({formatTaxRate(v.taxRateBasisPoints)}) {formatCents(v.totals.tax)} ={" "}
          <strong>{formatCents(v.totals.total)}</strong>
        </p>
      </section>
      <p className="text-sm text-gray-700">
        Plan: {planSentence(plan)}
        {v.planKind === "program"
          ? ` Lawn ${v.planLawnSizeSqFt ? `${v.planLawnSizeSqFt.toLocaleString("en-US")} sq ft` : "size: the customer's usual"}; ${v.planAutoRenew ? "renews each season" : "this season only"}.`
          : ` (${v.planDurationMinutes} min a visit)`}
        {q.program && !q.program.active ? " The program has been retired since; an acceptance still enrolls the customer." : ""}
        {v.depositKind === "percent"
          ? ` · deposit ${v.depositValue}%`
          : v.depositKind === "amount"
            ? ` · deposit ${formatCents(v.depositValue)}`
            : ""}
      </p>
      <p className="text-sm text-gray-700" data-testid="quote-visit-price">
        {visitPriceSentence(visitPrice, unit)}
        {visitPrice.mismatch
          ? ` The plan's ${visitPrice.covered === 1 ? `${unit} comes` : `${visitPrice.covered} ${unit}s come`} to ${formatCents(visitPrice.mismatch.plan)}, not the quote's ${formatCents(visitPrice.mismatch.quote)}.`
          : ""}
      </p>
    </div>
  );
}

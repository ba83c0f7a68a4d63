"use client";

import { CircleCheck, Printer } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { CardPaymentForm } from "@/components/payments/card-payment-form";
import { CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE } from "@/components/payments/load-stripe";
import { Button } from "@/components/ui/button";
import { FieldError, TextAreaField, TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { JsonAnswer } from "@/lib/json-answer";
import { formatCents } from "@/lib/money";
import { formatTaxRate, quoteTotals } from "@/lib/quote-totals";
import { chargedUnitOf, depositCreditSentence, planVisitPrice, visitPriceSentence } from "@/lib/quote-visit-price";
import { restRequest } from "@/lib/rest-client";
import type { QuotePage } from "@/server/quotes/quote-page";
import { planSentence, quoteDay } from "@/lib/quote-plan-text";
import { capitalize } from "@/lib/capitalize";
import { toast } from "@/components/toast/toast-store";

type Page = JsonAnswer<QuotePage>;

/**
 * How the customer reached the quote: its emailed link, or their own account in My Account (by
 * the quote's id and the session; the link's token is never needed there).
 */
export type QuoteSource = { token: string } | { quoteId: number };

type QuoteAnswer = "accept" | "decline" | "deposit" | "deposit/saved-card";

/** The REST operations that read and answer the quote, for where it was reached from. */
function operationsOf(source: QuoteSource) {
  if ("token" in source) {
    const { token } = source;
    return {
      view: () => restRequest<QuotePage>("POST", "/quote-page", { token }),
      answer: <T,>(action: QuoteAnswer, body: Record<string, unknown> = {}) =>
        restRequest<T>("POST", `/quote-page/${action}`, { token, ...body }),
    };
  }
  const base = `/customer/quotes/${source.quoteId}`;
  return {
    view: () => restRequest<QuotePage>("GET", base),
    answer: <T,>(action: QuoteAnswer, body: Record<string, unknown> = {}) => restRequest<T>("POST", `${base}/${action}`, body),
  };
}

type QuoteOperations = ReturnType<typeof operationsOf>;

/**
 * The customer's quote: the lines, the optional ones with live totals, the plan and the terms;
 * accept (typed name and the terms ticked, then the deposit when one is due) or decline. Prints as
 * the quote's PDF: the print stylesheet drops the site's frame and the buttons.
 */
export function QuoteView({ source, initialPage }: { source: QuoteSource; initialPage: Page }) {
  const [page, setPage] = useState(initialPage);
  const operations = operationsOf(source);
  const settled = page.acceptance?.status === "accepted" || page.status === "accepted";
  const [ticked, setTicked] = useState<number[]>(page.acceptance?.optionalItemIds ?? []);
  const totals = quoteTotals(page.items, {
    taxRateBasisPoints: page.taxRateBasisPoints,
    selectedOptionalIds: ticked,
    depositKind: page.deposit.kind,
    depositValue: page.deposit.value,
  });
  // What each visit is charged, following the total as optional items are ticked.
  const visitPrice = planVisitPrice(totals.total, { ...page.plan, rounds: page.plan.program?.rounds.length });
  const unit = chargedUnitOf(page.plan.kind);
  const open = !settled && page.status !== "declined" && page.acceptance?.status !== "awaiting_deposit";

  const reload = async () => {
    const result = await operations.view();
    if (result.ok) setPage(result.data);
  };

  return (
    <div className="quote-document mx-auto max-w-3xl px-4 py-8 print:max-w-none print:px-0 print:py-0">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">GreenScape Austin · Quote {page.reference}</p>
          <h1 className="mt-1 text-2xl font-bold text-gray-900">Your quote, {page.fullName}</h1>
          <p className="mt-1 text-sm text-gray-700">{page.address}</p>
          <p className="mt-1 text-sm text-gray-700">
            Version {page.version} · valid through {quoteDay(page.expiresOn)}
          </p>
        </div>
        <Button type="button" variant="outline" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" className="size-4" /> Print or save as PDF
        </Button>
      </header>

      {page.message ? <p className="mt-6 whitespace-pre-line rounded-xl bg-brand-50 p-4 text-gray-800">{page.message}</p> : null}

      <DocumentSection id="items" title="What's included">
        <ul className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200">
          {page.items.map((item) => {
            const line = formatCents(item.quantity * item.unitPrice);
            const label = `${item.description} (${item.quantity} × ${formatCents(item.unitPrice)})`;
            return (
              <li key={item.id} className="flex items-start justify-between gap-4 p-4">
                {item.optional ? (
                  <label className="flex min-h-11 cursor-pointer items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-1 size-5 accent-brand-700"
                      checked={ticked.includes(item.id)}
                      disabled={!open}
                      onChange={(event) =>
                        setTicked((current) => (event.target.checked ? [...current, item.id] : current.filter((id) => id !== item.id)))
                      }
                    />
                    <span>
                      <span className="text-gray-900">{label}</span>
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Optional</span>
                    </span>
                  </label>
                ) : (
                  <span className="text-gray-900">{label}</span>
                )}
                <span className="shrink-0 font-medium text-gray-900">{line}</span>
              </li>
            );
          })}
        </ul>
        <dl className="mt-4 ml-auto w-full max-w-xs space-y-1 text-sm" aria-live="polite">
          <div className="flex justify-between">
            <dt className="text-gray-700">Subtotal</dt>
            <dd>{formatCents(totals.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-gray-700">Tax ({formatTaxRate(page.taxRateBasisPoints)})</dt>
            <dd>{formatCents(totals.tax)}</dd>
          </div>
          <div className="flex justify-between border-t border-gray-200 pt-1 text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="quote-total">{formatCents(totals.total)}</dd>
          </div>
          {totals.deposit > 0 ? (
            <div className="flex justify-between text-brand-800">
              <dt>Deposit due on acceptance</dt>
              <dd>{formatCents(totals.deposit)}</dd>
            </div>
          ) : null}
        </dl>
      </DocumentSection>

      <DocumentSection id="plan" title="The plan">
        <p className="mt-2 text-gray-800">{planSentence(page.plan)}</p>
        {page.plan.program?.rounds.length ? <ProgramRounds program={page.plan.program} /> : null}
        <p className="mt-1 text-sm text-gray-800" data-testid="quote-visit-price">
          {visitPriceSentence(visitPrice, unit)}
        </p>
        {totals.deposit > 0 ? (
          <p className="mt-1 text-sm text-gray-700">{depositCreditSentence(totals.deposit, visitPrice, unit)}</p>
        ) : null}
      </DocumentSection>

      <DocumentSection id="terms" title="Terms">
        <p className="mt-2 whitespace-pre-line text-sm text-gray-700">{page.terms}</p>
      </DocumentSection>

      {page.acceptance ? <AcceptanceRecord acceptance={page.acceptance} /> : null}

      <div className="mt-8 print:hidden">
        {settled ? (
          <p role="status" className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            Accepted by {page.acceptance?.signedName ?? page.fullName}. Thank you! Your visits are on our schedule and we'll confirm the
            times.
          </p>
        ) : page.status === "declined" ? (
          <p role="status" className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-gray-800">
            You declined this quote. If you change your mind, call or email us.
          </p>
        ) : page.acceptance?.status === "awaiting_deposit" ? (
          <DepositStep operations={operations} amount={page.acceptance.deposit} savedCard={page.savedCard} onPaid={reload} />
        ) : (
          <AcceptOrDecline operations={operations} version={page.version} optionalItemIds={ticked} onDone={reload} />
        )}
      </div>
    </div>
  );
}

/** One part of the quote document, named by its heading. */
function DocumentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The signed acceptance, on paper only: the printed quote is the customer's record of who accepted
 * which version, when, and the deposit paid (the screen says it in the status line below instead).
 */
function AcceptanceRecord({ acceptance }: { acceptance: NonNullable<Page["acceptance"]> }) {
  const final = acceptance.status === "accepted";
  const rows: Array<[string, string]> = [
    [final ? "Accepted by" : "Signed by", acceptance.signedName],
    ["On", formatBusinessDate(new Date(acceptance.acceptedAt), "MMMM d, yyyy 'at' h:mm a")],
    ["Version accepted", String(acceptance.version)],
    ["Total accepted", formatCents(acceptance.total)],
    [final ? "Deposit paid" : "Deposit due", acceptance.deposit > 0 ? formatCents(acceptance.deposit) : "None"],
  ];
  return (
    <section aria-labelledby="acceptance-heading" className="mt-8 hidden break-inside-avoid print:block" data-testid="acceptance-record">
      <h2 id="acceptance-heading" className="text-lg font-semibold text-gray-900">
        {final ? "Acceptance" : "Acceptance, waiting for the deposit"}
      </h2>
      <dl className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2">
            <dt className="text-gray-700">{label}</dt>
            <dd className="font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AcceptOrDecline({
  operations,
  version,
  optionalItemIds,
  onDone,
}: {
  operations: QuoteOperations;
  version: number;
  optionalItemIds: number[];
  onDone: () => Promise<void>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  /** Sends the customer's answer; once it is taken, the page reloads into its new state. */
  const answer = async (action: QuoteAnswer, body: Record<string, unknown>) => {
    setBusy(true);
    const result = await operations.answer(action, body);
    setBusy(false);
    if (!result.ok) return setFailure(result.answered ? result.message : "We could not reach the server. Please try again.");
    await onDone();
  };
  const accept = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const signedName = String(form.get("signedName") ?? "");
    const found: Record<string, string> = {};
    if (signedName.trim().length < 2) found.signedName = "Type your full name to accept";
    if (!form.has("agreeToTerms")) found.agreeToTerms = "Please tick the box to accept the terms";
    setErrors(found);
    if (Object.keys(found).length) return;
    await answer("accept", { version, signedName, agreeToTerms: true, optionalItemIds });
  };
  const decline = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    await answer("decline", reason ? { reason } : {});
  };

  return (
    <div className="space-y-6">
      <FormAlert message={failure} />
      <form onSubmit={(event) => void accept(event)} noValidate className="space-y-4 rounded-2xl border border-gray-200 p-6">
        <h2 className="text-lg font-semibold text-gray-900">Accept this quote</h2>
        <TextField label="Your full name" name="signedName" autoComplete="name" error={errors.signedName} />
        <div>
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-gray-800">
            <input type="checkbox" name="agreeToTerms" className="mt-0.5 size-5 accent-brand-700" />I accept this quote and its terms.
          </label>
          <FieldError message={errors.agreeToTerms} />
        </div>
        <SubmitButton variant="primary" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Sending..." : "Accept quote"}
        </SubmitButton>
      </form>
      <details className="rounded-2xl border border-gray-200 p-6">
        <summary className="cursor-pointer font-medium text-gray-900">Not for you? Decline the quote</summary>
        <form onSubmit={(event) => void decline(event)} noValidate className="mt-4 space-y-3">
          <TextAreaField label="Reason (optional)" name="reason" rows={3} />
          <SubmitButton variant="outline" disabled={busy}>
            Decline quote
          </SubmitButton>
        </form>
      </details>
    </div>
  );
}

function DepositStep({
  operations,
  amount,
  savedCard,
  onPaid,
}: {
  operations: QuoteOperations;
  amount: number;
  /** In My Account: the account's default card, offered while nothing has started paying the deposit. */
  savedCard: { brand: string; last4: string } | null;
  onPaid: () => Promise<void>;
}) {
  const [card, setCard] = useState<{ clientSecret: string; publishableKey: string } | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [offerSaved, setOfferSaved] = useState(true);

  const payWithSaved = async () => {
    setBusy(true);
    setFailure(undefined);
    const paid = await operations.answer<{ status: "completed" | "processing" | "failed"; message?: string }>("deposit/saved-card");
    setBusy(false);
    if (!paid.ok) return setFailure(paid.answered ? paid.message : "We could not reach the server. Please try again.");
    if (paid.data.status === "failed") {
      // The refused charge keeps its payment: the card form pays the same one with another card.
      setOfferSaved(false);
      return setFailure(`${paid.data.message ?? "The card was refused."} Please pay with another card.`);
    }
    toast({ title: "Payment Successful", description: "Thank you for your payment!" });
    await onPaid();
  };

  const start = async () => {
    setBusy(true);
    const config = await restRequest<{ enabled: boolean; publishableKey: string | null }>("GET", "/card-payments/config");
    const intent = await operations.answer<{ clientSecret: string }>("deposit");
    setBusy(false);
    if (!config.ok || !config.data.enabled || !config.data.publishableKey)
      return setFailure("Card payment is unavailable right now. Please call us to pay the deposit.");
    if (!intent.ok) return setFailure(intent.answered ? intent.message : "We could not reach the server. Please try again.");
    setCard({ clientSecret: intent.data.clientSecret, publishableKey: config.data.publishableKey });
  };

  return (
    <section aria-labelledby="deposit-heading" className="space-y-4 rounded-2xl border border-gray-200 p-6">
      <h2 id="deposit-heading" className="text-lg font-semibold text-gray-900">
        Pay the deposit: {formatCents(amount)}
      </h2>
      <p className="text-sm text-gray-700">Your acceptance is recorded. The quote is accepted as soon as the deposit is paid.</p>
      <FormAlert message={failure} />
      {card ? (
        <CardPaymentForm
          clientSecret={card.clientSecret}
          publishableKey={card.publishableKey}
          amountCents={amount}
          unavailableMessage={CUSTOMER_STRIPE_UNAVAILABLE_MESSAGE}
          onPaid={() => void onPaid()}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          {savedCard && offerSaved ? (
            <Button type="button" variant="primary" size="lg" disabled={busy} onClick={() => void payWithSaved()}>
              {busy ? "Paying..." : `Pay ${formatCents(amount)} with ${capitalize(savedCard.brand)} ending in ${savedCard.last4}`}
            </Button>
          ) : null}
          <Button
            type="button"
            variant={savedCard && offerSaved ? "outline" : "primary"}
            size="lg"
            disabled={busy}
            onClick={() => void start()}
          >
            {busy ? "Loading..." : savedCard && offerSaved ? "Pay with another card" : "Pay deposit by card"}
          </Button>
        </div>
      )}
    </section>
  );
}

/** A program's rounds still to come, each with its window: what the customer is signing up for. */
function ProgramRounds({ program }: { program: NonNullable<Page["plan"]["program"]> }) {
  const day = (date: string) => formatBusinessDate(startOfBusinessDay(date as DateString), "MMM d");
  return (
    <>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-800" data-testid="quote-program-rounds">
        {program.rounds.map((round) => (
          <li key={round.opensOn + round.purpose}>
            {round.purpose} ({round.serviceName}): {day(round.opensOn)} to {day(round.closesOn)}
          </li>
        ))}
      </ol>
      {program.asWritten ? null : (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          A round's window has closed since this quote was written, so it can no longer be accepted as it stands. Please ask us for an
          updated quote.
        </p>
      )}
      <p className="mt-1 text-sm text-gray-700">
        {program.autoRenew
          ? "The program renews for the next season; we write 30 days before, and you can stop it in My Account."
          : "The program ends with this season."}
      </p>
    </>
  );
}

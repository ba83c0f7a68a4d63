"use client";

import { ChevronRight, FileText } from "lucide-react";
import Link from "next/link";
import { QuoteStatusBadge } from "@/components/quotes/quote-status-badge";
import { ButtonLink } from "@/components/ui/button";
import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { api, type RouterOutputs } from "@/trpc/react";
import { QueryWait } from "./query-wait";
import { PortalEmptyState } from "./portal-empty-state";

type Quote = RouterOutputs["customerQuotes"]["list"][number];

/** A quote's status in the customer's words. */
function statusLabel(quote: Quote): string {
  if (quote.depositDue > 0) return "Deposit due";
  if (quote.status === "sent" || quote.status === "viewed") return "Awaiting your answer";
  return quote.status === "accepted" ? "Accepted" : quote.status === "declined" ? "Declined" : "Expired";
}

const day = (date: string) => formatBusinessDate(startOfBusinessDay(date), "MMM d, yyyy");

/**
 * The quotes the business sent the customer (docs/product-rules.md#quotes); each opens the same
 * page as the emailed link, to accept, pay the deposit or decline. An account that has not
 * confirmed its email sees none yet.
 */
export function QuotesTab({ verified }: { verified: boolean }) {
  // Opening a quote changes it (viewed, accepted): the list is asked again each time the tab shows.
  const quotes = api.customerQuotes.list.useQuery({}, { refetchOnMount: "always" });

  return (
    <section aria-labelledby="quotes-heading" className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quotes-heading" className="text-xl font-semibold text-gray-900">
          My Quotes
        </h2>
        <ButtonLink href="/quote" variant="outline">
          Request a quote
        </ButtonLink>
      </div>
      {quotes.isPending || quotes.isError ? (
        <QueryWait query={quotes} what="quotes" className="mt-4" />
      ) : quotes.data.length === 0 ? (
        <PortalEmptyState
          icon={FileText}
          text={
            verified
              ? "No quotes yet. Ask us for custom work and your quote will appear here."
              : "Quotes we send to your email appear here once you confirm your email address."
          }
        />
      ) : (
        <ul className="mt-4 divide-y divide-gray-200">
          {quotes.data.map((quote) => (
            <QuoteRow key={quote.id} quote={quote} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QuoteRow({ quote }: { quote: Quote }) {
  const open = quote.status === "sent" || quote.status === "viewed";
  return (
    <li>
      <Link
        href={`/customer/account/quotes/${quote.id}`}
        className="-mx-2 flex min-h-11 items-center gap-3 rounded-lg px-2 py-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-gray-900">Quote {quote.reference}</span>
            <QuoteStatusBadge status={quote.status} label={statusLabel(quote)} className="text-xs" />
          </p>
          <p className="mt-1 text-sm text-gray-700">
            {formatCents(quote.total)}
            {quote.depositDue > 0 ? ` · deposit ${formatCents(quote.depositDue)} to pay` : ""}
            {open ? ` · valid through ${day(quote.expiresOn)}` : ""}
            {quote.status === "expired" ? ` · expired ${day(quote.expiresOn)}` : ""}
          </p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700">
          {open ? "Review" : "View"}
          <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      </Link>
    </li>
  );
}

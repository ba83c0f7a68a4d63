"use client";

import { Plus } from "lucide-react";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { QuoteStatusBadge } from "./quote-status-badge";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";

/** Staff's list of quotes, newest first. */
export function QuotesScreen() {
  const quotes = api.quotes.list.useQuery({});
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Quotes</h1>
        <ButtonLink href="/quotes/new" prefetch={false} variant="primary">
          <Plus className="size-4" aria-hidden="true" /> New quote
        </ButtonLink>
      </div>
      {quotes.isPending ? (
        <PageSpinner />
      ) : quotes.isError ? (
        <p className="text-sm text-red-700">Quotes could not be loaded. Please reload the page.</p>
      ) : quotes.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
          No quotes yet. Build one from a request under Messages → Requests, or start a new one.
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {quotes.data.map((quote) => (
            <li key={quote.id}>
              <Link
                href={`/quotes/${quote.id}`}
                prefetch={false}
                className="flex min-h-11 flex-wrap items-center justify-between gap-2 p-4 hover:bg-gray-50"
              >
                <span>
                  <span className="font-medium text-gray-900">Q-{quote.id}</span> · {quote.fullName}
                  <span className="ml-2 text-sm text-gray-600">
                    v{quote.currentVersion} · until {quote.expiresOn}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="font-medium">{formatCents(quote.total)}</span>
                  <QuoteStatusBadge status={quote.status} className="text-xs" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

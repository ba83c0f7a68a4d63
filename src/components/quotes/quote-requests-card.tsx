import { FileText } from "lucide-react";
import Link from "next/link";

/** The dashboard's line about quote requests waiting for a quote (Messages → Requests). */
export function QuoteRequestsCard({ open }: { open: number | null }) {
  return (
    <Link
      href="/messages#requests"
      prefetch={false}
      className="flex min-h-11 items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm hover:bg-gray-50"
    >
      <FileText aria-hidden="true" className="size-5 text-brand-700" />
      <span className="text-sm text-gray-800">
        {open === null ? (
          "Quote requests could not be loaded."
        ) : (
          <>
            <strong data-testid="open-quote-requests">{open}</strong> open quote {open === 1 ? "request" : "requests"} waiting for a quote
          </>
        )}
      </span>
    </Link>
  );
}

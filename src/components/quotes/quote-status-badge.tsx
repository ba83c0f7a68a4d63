import { capitalize } from "@/lib/capitalize";
import { cn } from "@/lib/cn";
import type { QuoteStatus } from "@/lib/quote-enums";

/** A quote's status as a pill, on staff's list of quotes and on a quote's page. */
export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  return <span className={cn("rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800", className)}>{capitalize(status)}</span>;
}

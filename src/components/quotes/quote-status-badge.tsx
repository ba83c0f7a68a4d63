import { capitalize } from "@/lib/capitalize";
import { cn } from "@/lib/cn";
import type { QuoteStatus } from "@/lib/quote-enums";

/** A quote's status as a pill, on staff's list of quotes, a quote's page and My Account (in the customer's words there). */
export function QuoteStatusBadge({ status, label, className }: { status: QuoteStatus; label?: string; className?: string }) {
  return (
    <span className={cn("rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800", className)}>
      {label ?? capitalize(status)}
    </span>
  );
}

import { dayLabel } from "@/lib/applications-report";
import type { ApplicationsReport } from "@/server/applications-report/schemas";

// How the report names its period and filters, on the page and on paper.

export function periodLabel({ from, to }: ApplicationsReport["period"]): string {
  return from === to ? dayLabel(from) : `${dayLabel(from)} to ${dayLabel(to)}`;
}

/** The filters in words, by the names the period's records carry ("Product: Turf Builder"). */
export function filterLabels(report: ApplicationsReport): string[] {
  const { filters, choices } = report;
  const labels: string[] = [];
  if (filters.productId !== null) {
    const name = choices.products.find((each) => each.id === filters.productId)?.name ?? `#${filters.productId}`;
    labels.push(`Product: ${name}`);
  }
  if (filters.staffUserId !== null) {
    const name = choices.applicators.find((each) => each.id === filters.staffUserId)?.name ?? `#${filters.staffUserId}`;
    labels.push(`Applicator: ${name}`);
  }
  if (filters.customerId !== null) {
    const name = choices.customers.find((each) => each.id === filters.customerId)?.name ?? `#${filters.customerId}`;
    labels.push(`Customer: ${name}`);
  } else if (filters.customerName !== null) {
    labels.push(`Customer: ${filters.customerName} (as recorded)`);
  }
  return labels;
}

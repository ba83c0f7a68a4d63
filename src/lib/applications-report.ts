// The inspector's applications report: its address and how its fields read, shared by the page,
// the print view and the CSV. docs/product-rules.md#the-inspectors-report
import { businessTimeOf, DATE_PATTERN } from "@/lib/business-time";
import { LICENSE_TYPE_LABELS, type LicenseType, type ProductUnit } from "@/lib/products";
import { readReportAddress } from "@/lib/reports";
import type { TApplicationsReportInput } from "@/lib/validation/applications-report";

type Params = Record<string, string | string[] | undefined>;

/** A customer filter's value in the page's form: the id of one on file, `name:` and the recorded name of a deleted one. */
export const CUSTOMER_NAME_PREFIX = "name:";

const ID = /^[1-9]\d{0,9}$/;

/**
 * The page's address: the period (the month so far when missing or wrong, with `problem` saying
 * why) and the filters `productId`, `staffUserId`, and `customerId` or `customerName` (or the
 * form's `customer`). A filter that cannot be an id is left off.
 */
export function readApplicationsAddress(params: Params, now: Date = new Date()): { input: TApplicationsReportInput; problem?: string } {
  const value = (key: string) => {
    const raw = params[key];
    return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : undefined;
  };
  const id = (key: string) => {
    const raw = value(key);
    return raw && ID.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
  };
  const { period, problem } = readReportAddress({ from: value("from"), to: value("to") }, now);
  const input: TApplicationsReportInput = { ...period };
  const productId = id("productId");
  const staffUserId = id("staffUserId");
  if (productId) input.productId = productId;
  if (staffUserId) input.staffUserId = staffUserId;
  const customer = value("customer");
  const customerId = id("customerId") ?? (customer && ID.test(customer) ? Number(customer) : undefined);
  const customerName =
    value("customerName") ?? (customer?.startsWith(CUSTOMER_NAME_PREFIX) ? customer.slice(CUSTOMER_NAME_PREFIX.length).trim() : undefined);
  if (customerId) input.customerId = customerId;
  else if (customerName) input.customerName = customerName.slice(0, 200);
  return { input, problem };
}

/** The address of the page, its CSV or its print view for the same period and filters. */
export function applicationsAddress(
  path: "/reports/applications" | "/reports/applications/export" | "/reports/applications/print",
  input: TApplicationsReportInput,
): string {
  const query = new URLSearchParams({ from: input.from, to: input.to });
  if (input.productId) query.set("productId", String(input.productId));
  if (input.staffUserId) query.set("staffUserId", String(input.staffUserId));
  if (input.customerId) query.set("customerId", String(input.customerId));
  else if (input.customerName) query.set("customerName", input.customerName);
  return `${path}?${query}`;
}

/** The form's value for the customer filter the input holds. */
export function customerFilterValue(input: TApplicationsReportInput): string {
  if (input.customerId) return String(input.customerId);
  return input.customerName ? `${CUSTOMER_NAME_PREFIX}${input.customerName}` : "";
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/** A product as applied: "2.5 lb (1.25 lb per 1,000 sq ft)", or its mixing rate and total mix. */
export function appliedAmount(product: {
  unit: ProductUnit;
  amount: number | null;
  ratePer1000SqFt: number | null;
  mixingRate: string | null;
  totalMix: string | null;
}): string {
  const parts: string[] = [];
  if (product.amount !== null) {
    const rate = product.ratePer1000SqFt === null ? "" : ` (${number.format(product.ratePer1000SqFt)} ${product.unit} per 1,000 sq ft)`;
    parts.push(`${number.format(product.amount)} ${product.unit}${rate}`);
  }
  if (product.mixingRate !== null) parts.push(`mixing rate ${product.mixingRate}`);
  if (product.totalMix !== null) parts.push(`total mix ${product.totalMix}`);
  return parts.join("; ");
}

/** The Austin time of an application, HH:mm. */
export function appliedTime(appliedAt: Date): string {
  return businessTimeOf(appliedAt);
}

export function licenseTypeLabel(type: LicenseType): string {
  return LICENSE_TYPE_LABELS[type];
}

/** "Jun 3, 2026" for an Austin day. */
export function dayLabel(day: string): string {
  if (!DATE_PATTERN.test(day)) return day;
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

export function windLabel(record: { windSpeedMph: number; windDirection: string | null }): string {
  return `${record.windSpeedMph} mph${record.windDirection ? ` ${record.windDirection}` : ""}`;
}

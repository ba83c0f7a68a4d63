import { appliedTime, licenseTypeLabel } from "@/lib/applications-report";
import { csvOfRows } from "@/lib/csv";
import type { ApplicationReportRecord, AppliedProduct } from "./schemas";

type Column = [header: string, value: (record: ApplicationReportRecord, product: AppliedProduct | undefined) => unknown];

/**
 * Every 4 TAC §7.144 field as a column, one line per product applied (the record's fields
 * repeated), then the area, the weather and the amendment. docs/product-rules.md#the-inspectors-report
 */
export const APPLICATION_CSV_COLUMNS: Column[] = [
  ["Record", (r) => r.id],
  ["Date applied", (r) => r.appliedOn],
  ["Time applied", (r) => appliedTime(r.appliedAt)],
  ["Customer", (r) => r.customerName],
  ["Billing address", (r) => r.billingAddress],
  ["Service address", (r) => r.serviceAddress],
  ["Product", (_, p) => p?.name],
  ["EPA registration number", (_, p) => p?.epaRegistrationNumber],
  ["Amount applied", (_, p) => p?.amount],
  ["Unit", (_, p) => p?.unit],
  ["Rate per 1000 sq ft", (_, p) => p?.ratePer1000SqFt],
  ["Mixing rate", (_, p) => p?.mixingRate],
  ["Total mix", (_, p) => p?.totalMix],
  ["Target pest or purpose", (r) => r.targetPest],
  ["Applicator", (r) => r.applicatorName],
  ["Applicator license type", (r) => licenseTypeLabel(r.applicatorLicenseType)],
  ["Applicator license number", (r) => r.applicatorLicenseNumber],
  ["Supervising certified applicator", (r) => r.supervisorName],
  ["Supervisor license number", (r) => r.supervisorLicenseNumber],
  ["Business license number", (r) => r.businessLicenseNumber],
  ["Area treated (sq ft)", (r) => r.areaTreatedSqFt],
  ["Wind (mph)", (r) => r.windSpeedMph],
  ["Wind direction", (r) => r.windDirection],
  ["Temperature (°F)", (r) => r.temperatureF],
  ["Recorded by", (r) => r.recordedByName],
  ["Recorded via", (r) => r.recordedVia],
  ["Amended", (r) => (r.amendment ? "yes" : "no")],
  ["Original record", (r) => r.amendment?.originalRecordId ?? r.id],
  ["Amendment reason", (r) => r.amendment?.reason],
];

/** The records as CSV lines: a header, then a line per product (a record without one still has its line). */
export function applicationsCsv(records: readonly ApplicationReportRecord[]): string {
  const lines = records.flatMap((record) =>
    (record.products.length > 0 ? record.products : [undefined]).map((product) =>
      APPLICATION_CSV_COLUMNS.map(([, value]) => value(record, product)),
    ),
  );
  return csvOfRows([APPLICATION_CSV_COLUMNS.map(([header]) => header), ...lines]);
}

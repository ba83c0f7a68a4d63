// Pesticide application records (4 TAC §7.144), named once for the schema, the forms and the OpenAPI
// document. The schema imports this file by a relative path, so it imports nothing.
// The rules: docs/product-rules.md#application-records.

/** Where a record was written: the crew's phone, the office's screens, or the REST API. */
export const APPLICATION_RECORDED_VIA = ["crew", "office", "api"] as const;
export type ApplicationRecordedVia = (typeof APPLICATION_RECORDED_VIA)[number];

/** Records are kept at least this long (§7.144 asks two years). */
export const APPLICATION_RECORD_KEEP_YEARS = 2;

/** The catalogue's treatment services: completing a visit of one needs its application record. */
export const TREATMENT_CATEGORIES = ["fertilization"] as const;

export function isTreatmentCategory(category: string | null | undefined): boolean {
  return (TREATMENT_CATEGORIES as readonly string[]).includes(category ?? "");
}

import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { APPLICATION_RECORDED_VIA, type ApplicationRecordedVia } from "../../../lib/applications";
import { LICENSE_TYPES, PRODUCT_UNITS, type LicenseType, type ProductUnit } from "../../../lib/products";
import { createdAt, instant, sqlList } from "./columns";
import { customers } from "./customers";
import { products } from "./products";
import { visits } from "./schedules";
import { staffUsers } from "./staff";

/**
 * A pesticide application as Texas requires it kept (4 TAC §7.144, docs/product-rules.md#application-records):
 * every field is written as it stood on the day, so the record still reads right after the customer,
 * the visit, the product or the applicator changed or went. Kept two years; a trigger
 * (drizzle/0029_programs_applications.sql) refuses to delete one younger, and to change one after its
 * day: a correction is a new row that `amends` the original, with who and why, and the original stays.
 * A visit has at most one original record.
 */
export const applicationRecords = pgTable(
  "application_records",
  {
    id: serial().primaryKey(),
    visitId: integer().references(() => visits.id, { onDelete: "set null" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** The record this one corrects; the latest in a chain is the one that stands. */
    amendsRecordId: integer().references((): AnyPgColumn => applicationRecords.id, { onDelete: "restrict" }),
    amendmentReason: text(),
    /** The Austin day of the application. */
    appliedOn: date({ mode: "string" }).notNull(),
    appliedAt: instant().notNull(),
    customerName: text().notNull(),
    billingAddress: text().notNull(),
    serviceAddress: text().notNull(),
    areaTreatedSqFt: integer().notNull(),
    /** The target pest or the purpose, such as "Crabgrass (pre-emergent)". */
    targetPest: text().notNull(),
    windSpeedMph: integer().notNull(),
    windDirection: text(),
    temperatureF: integer().notNull(),
    applicatorStaffUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    applicatorName: text().notNull(),
    applicatorLicenseType: text().$type<LicenseType>().notNull(),
    applicatorLicenseNumber: text().notNull(),
    supervisorName: text(),
    supervisorLicenseNumber: text(),
    businessLicenseNumber: text().notNull(),
    recordedVia: text().$type<ApplicationRecordedVia>().notNull(),
    recordedByStaffUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    /** Who wrote it down (the applicator, or the office for them), by name as it was. */
    recordedByName: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("application_records_visit_unique").on(t.visitId).where(sql`${t.amendsRecordId} is null and ${t.visitId} is not null`),
    uniqueIndex("application_records_amends_unique").on(t.amendsRecordId).where(sql`${t.amendsRecordId} is not null`),
    index("application_records_applied_on_idx").on(t.appliedOn),
    index("application_records_customer_idx").on(t.customerId, t.appliedOn),
    index("application_records_applicator_idx").on(t.applicatorStaffUserId, t.appliedOn),
    check("application_records_recorded_via_check", sql`${t.recordedVia} in (${sqlList(APPLICATION_RECORDED_VIA)})`),
    check("application_records_license_type_check", sql`${t.applicatorLicenseType} in (${sqlList(LICENSE_TYPES)})`),
    check("application_records_area_check", sql`${t.areaTreatedSqFt} > 0`),
    check("application_records_wind_check", sql`${t.windSpeedMph} between 0 and 60`),
    check("application_records_temperature_check", sql`${t.temperatureF} between -20 and 130`),
    check("application_records_amendment_check", sql`(${t.amendsRecordId} is null) = (${t.amendmentReason} is null)`),
  ],
);

/**
 * A product applied, as it was named on the day: the amount applied in thousandths of its unit (and
 * the rate per 1,000 sq ft it came from), or the mixing rate and the total mix, as §7.144 allows.
 */
export const applicationRecordProducts = pgTable(
  "application_record_products",
  {
    id: serial().primaryKey(),
    recordId: integer()
      .notNull()
      .references(() => applicationRecords.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    productName: text().notNull(),
    epaRegistrationNumber: text().notNull(),
    unit: text().$type<ProductUnit>().notNull(),
    amountThousandths: integer(),
    rateThousandths: integer(),
    mixingRate: text(),
    totalMix: text(),
  },
  (t) => [
    index("application_record_products_record_idx").on(t.recordId),
    index("application_record_products_product_idx").on(t.productId),
    check("application_record_products_unit_check", sql`${t.unit} in (${sqlList(PRODUCT_UNITS)})`),
    check(
      "application_record_products_amount_check",
      sql`(${t.amountThousandths} is not null and ${t.amountThousandths} > 0) or (${t.mixingRate} is not null and ${t.totalMix} is not null)`,
    ),
  ],
);

import { sql } from "drizzle-orm";
import { boolean, check, date, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { LICENSE_TYPES, PRODUCT_UNITS, type LicenseType, type ProductUnit } from "../../../lib/products";
import { createdAt, sqlList } from "./columns";
import { staffUsers } from "./staff";

export interface ActiveIngredient {
  name: string;
  percent: number;
}

/**
 * A lawn-care product the crews apply (docs/product-rules.md#products-and-licenses). Never deleted:
 * the application records name it for two years, so a product leaves the list by being retired.
 */
export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** EPA registration number as printed on the label: "100-1070" or "62719-324-34". */
    epaRegistrationNumber: text().notNull(),
    activeIngredients: jsonb().$type<ActiveIngredient[]>().notNull(),
    unit: text().$type<ProductUnit>().notNull(),
    /** Default rate per 1,000 sq ft in thousandths of the unit (lib/products.ts says why). */
    defaultRateThousandths: integer().notNull(),
    mixingRate: text(),
    restrictedUse: boolean().notNull().default(false),
    /** What the customer is told after an application, such as "Keep children and pets off until dry". */
    keepOffAdvice: text(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("products_active_name_unique").on(sql`lower(${t.name})`).where(sql`${t.active}`),
    check("products_unit_check", sql`${t.unit} in (${sqlList(PRODUCT_UNITS)})`),
    check("products_rate_check", sql`${t.defaultRateThousandths} > 0`),
  ],
);

/**
 * A staff member's applicator license, at most one each; a technician works under a supervising
 * certified applicator. Removed with its holder; a supervisor's removal leaves the technician
 * without one (and so without a valid license).
 */
export const staffLicenses = pgTable(
  "staff_licenses",
  {
    staffUserId: integer()
      .primaryKey()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    licenseType: text().$type<LicenseType>().notNull(),
    licenseNumber: text().notNull(),
    /** The last Austin day the license is good for. */
    expiresOn: date({ mode: "string" }).notNull(),
    supervisorStaffUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    updatedAt: createdAt(),
  },
  (t) => [
    check("staff_licenses_type_check", sql`${t.licenseType} in (${sqlList(LICENSE_TYPES)})`),
    check("staff_licenses_supervisor_check", sql`${t.licenseType} = 'technician' or ${t.supervisorStaffUserId} is null`),
    check("staff_licenses_not_own_supervisor_check", sql`${t.supervisorStaffUserId} <> ${t.staffUserId}`),
  ],
);

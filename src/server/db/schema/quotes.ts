import { sql } from "drizzle-orm";
import { boolean, check, customType, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  ACCEPTANCE_STATUSES,
  DEPOSIT_KINDS,
  QUOTE_PLAN_KINDS,
  QUOTE_STATUSES,
  type AcceptanceStatus,
  type DepositKind,
  type QuotePlanKind,
  type QuoteStatus,
} from "../../../lib/quote-enums";
import type { RecurringFrequency } from "../../../lib/schedule-enums";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { payments } from "./payments";
import { programs } from "./program-table";
import { schedules } from "./schedules";
import { services } from "./services";
import { staffUsers } from "./staff";

/** The values as SQL literals for a check constraint (our own constants, never input). */
function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(", "));
}

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * A request for a quote from the public form at /quote: what the person wants, where, when suits
 * them. Staff read it under Messages → Requests and build a quote from it
 * (docs/product-rules.md#quotes).
 */
export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Lower case, as customers' emails are compared. */
    email: text().notNull(),
    phone: text(),
    address: text().notNull(),
    city: text(),
    zipCode: text().notNull(),
    description: text().notNull(),
    preferredTime: text(),
    /** The customer record with this email when the request came, if any. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    handledAt: instant(),
  },
  (t) => [index("quote_requests_open_idx").on(t.createdAt).where(sql`${t.handledAt} is null`)],
);

/** Up to three photos of a request, checked by their bytes to be JPEG, PNG or WebP. */
export const quoteRequestPhotos = pgTable(
  "quote_request_photos",
  {
    id: serial().primaryKey(),
    requestId: integer()
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("quote_request_photos_type_check", sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    index("quote_request_photos_request_idx").on(t.requestId),
  ],
);

/**
 * A quote: who it is for and where it stands. What it offers lives in its versions; the customer
 * always sees the latest. The link's token is stored only as its SHA-256.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial().primaryKey(),
    requestId: integer().references(() => quoteRequests.id, { onDelete: "set null" }),
    /** The customer record it was made for; a quote for someone new gets one at acceptance. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    fullName: text().notNull(),
    /** Lower case. The link goes here, and accepting through it proves it (the plan is booked under it). */
    email: text().notNull(),
    phone: text(),
    address: text().notNull(),
    city: text(),
    state: text().notNull().default("TX"),
    zipCode: text().notNull(),
    status: text().$type<QuoteStatus>().notNull().default("draft"),
    currentVersion: integer().notNull().default(1),
    tokenHash: text().unique(),
    tokenRevokedAt: instant(),
    /** The latest sending: each send (again, or after a revision) moves it. */
    sentAt: instant(),
    /** The first sending, never moved after: the quotes report counts a quote as sent then. */
    firstSentAt: instant(),
    viewedAt: instant(),
    declinedAt: instant(),
    declineReason: text(),
    acceptedAt: instant(),
    /** The plan the accepted quote became. */
    scheduleId: integer().references(() => schedules.id, { onDelete: "set null" }),
    createdByUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("quotes_status_check", sql`${t.status} in (${sqlList(QUOTE_STATUSES)})`),
    check("quotes_current_version_check", sql`${t.currentVersion} >= 1`),
    index("quotes_created_idx").on(t.createdAt),
    index("quotes_customer_idx").on(t.customerId),
    // My Account lists the quotes made for its email before a customer record held them.
    index("quotes_email_idx").on(t.email),
  ],
);

/** One version of a quote's offer. Sent versions are never changed: a revision is a new row. */
export const quoteVersions = pgTable(
  "quote_versions",
  {
    id: serial().primaryKey(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    /** Basis points: 825 is 8.25%. */
    taxRateBasisPoints: integer().notNull(),
    /** The last Austin day the quote can be accepted. */
    expiresOn: date({ mode: "string" }).notNull(),
    terms: text().notNull(),
    message: text(),
    planKind: text().$type<QuotePlanKind>().notNull(),
    planServiceId: integer().references(() => services.id, { onDelete: "restrict" }),
    planFrequency: text().$type<RecurringFrequency>(),
    planFirstDate: date({ mode: "string" }).notNull(),
    /** HH:mm, Austin. */
    planStartTime: text().notNull(),
    planDurationMinutes: integer().notNull(),
    planEndDate: date({ mode: "string" }),
    /** Cents per visit; for a one-time plan, empty means the accepted total. */
    planPricePerVisit: integer(),
    /** A lawn program's plan: the customer is enrolled in it for its season on acceptance (docs/product-rules.md#lawn-programs). */
    planProgramId: integer().references(() => programs.id, { onDelete: "restrict" }),
    /** The lawn the program's rounds are done on, in sq ft; empty: the customer's usual size. */
    planLawnSizeSqFt: integer(),
    /** Whether the enrollment renews for the next season (the customer can stop it). */
    planAutoRenew: boolean().notNull().default(true),
    /** A program's plan: the season it was written for, and how many of its rounds were still to come then (the total is shared by them). */
    planSeason: integer(),
    planRounds: integer(),
    depositKind: text().$type<DepositKind>().notNull().default("none"),
    /** A whole percentage (1–100) or cents, as depositKind says. */
    depositValue: integer().notNull().default(0),
    createdByUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quote_versions_quote_version_idx").on(t.quoteId, t.version),
    check("quote_versions_plan_kind_check", sql`${t.planKind} in (${sqlList(QUOTE_PLAN_KINDS)})`),
    check("quote_versions_deposit_kind_check", sql`${t.depositKind} in (${sqlList(DEPOSIT_KINDS)})`),
    check("quote_versions_tax_check", sql`${t.taxRateBasisPoints} between 0 and 10000`),
    check("quote_versions_deposit_value_check", sql`${t.depositValue} >= 0`),
    check("quote_versions_price_check", sql`${t.planPricePerVisit} is null or ${t.planPricePerVisit} >= 0`),
    check("quote_versions_duration_check", sql`${t.planDurationMinutes} between 15 and 720`),
    check("quote_versions_program_check", sql`(${t.planKind} = 'program') = (${t.planProgramId} is not null)`),
    check(
      "quote_versions_program_season_check",
      sql`(${t.planKind} = 'program') = (${t.planSeason} is not null and ${t.planRounds} is not null)`,
    ),
    check("quote_versions_plan_rounds_check", sql`${t.planRounds} is null or ${t.planRounds} >= 1`),
    check("quote_versions_lawn_size_check", sql`${t.planLawnSizeSqFt} is null or ${t.planLawnSizeSqFt} >= 100`),
  ],
);

/** A line of a version: from the catalogue or custom; an optional one is the customer's choice. */
export const quoteLineItems = pgTable(
  "quote_line_items",
  {
    id: serial().primaryKey(),
    versionId: integer()
      .notNull()
      .references(() => quoteVersions.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    serviceId: integer().references(() => services.id, { onDelete: "set null" }),
    description: text().notNull(),
    quantity: integer().notNull(),
    /** Cents. */
    unitPrice: integer().notNull(),
    optional: boolean().notNull().default(false),
  },
  (t) => [
    check("quote_line_items_quantity_check", sql`${t.quantity} > 0`),
    check("quote_line_items_unit_price_check", sql`${t.unitPrice} >= 0`),
    index("quote_line_items_version_idx").on(t.versionId, t.position),
  ],
);

/**
 * The customer's acceptance of one exact version: the name they typed, when, from which address,
 * the optional items they chose and the money that followed. At most one live (not void)
 * acceptance per quote, so two racing acceptances cannot both stand.
 */
export const quoteAcceptances = pgTable(
  "quote_acceptances",
  {
    id: serial().primaryKey(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    versionId: integer()
      .notNull()
      .references(() => quoteVersions.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    signedName: text().notNull(),
    acceptedAt: instant().notNull(),
    clientAddress: text().notNull(),
    optionalItemIds: integer().array().notNull(),
    subtotal: integer().notNull(),
    tax: integer().notNull(),
    total: integer().notNull(),
    deposit: integer().notNull(),
    status: text().$type<AcceptanceStatus>().notNull(),
    /** The deposit's card payment, while it is due and after. */
    paymentId: integer().references(() => payments.id, { onDelete: "set null" }),
    scheduleId: integer().references(() => schedules.id, { onDelete: "set null" }),
    /** Visits of the plan no crew was free for: created pending, for staff to give a time. */
    visitsNeedingTime: integer().array().notNull().default(sql`'{}'::integer[]`),
    completedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    check("quote_acceptances_status_check", sql`${t.status} in (${sqlList(ACCEPTANCE_STATUSES)})`),
    check("quote_acceptances_money_check", sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0 and ${t.deposit} >= 0`),
    uniqueIndex("quote_acceptances_live_idx").on(t.quoteId).where(sql`${t.status} <> 'void'`),
    uniqueIndex("quote_acceptances_payment_idx").on(t.paymentId),
  ],
);

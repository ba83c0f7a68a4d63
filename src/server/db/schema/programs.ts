import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  ENROLLMENT_SOURCES,
  ENROLLMENT_STATUSES,
  SKIPPED_BY,
  type EnrollmentSource,
  type EnrollmentStatus,
  type SkippedBy,
} from "../../../lib/programs";
import { createdAt, instant, sqlList } from "./columns";
import { customers } from "./customers";
import { products } from "./products";
import { programs } from "./program-table";
import { quotes } from "./quotes";
import { visits } from "./schedules";
import { services } from "./services";

const monthDayCheck = (column: unknown) => sql`${column} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'`;

/**
 * One round of a program, in order: its service, its window in the season (month-days, inside one
 * year), the least days since the previous round done, its purpose, and its price like the
 * catalogue's: `price` cents, or `pricePerSqFt` cents times the lawn's size where it applies
 * (lib/pricing.ts). An enrollment copies its rounds, so editing a program changes no season sold.
 */
export const programRounds = pgTable(
  "program_rounds",
  {
    id: serial().primaryKey(),
    programId: integer()
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    windowStart: text().notNull(),
    windowEnd: text().notNull(),
    minDaysSincePrevious: integer().notNull().default(0),
    /** The target pest or purpose, such as "Pre-emergent crabgrass control". */
    purpose: text().notNull(),
    price: integer().notNull(),
    pricePerSqFt: integer(),
  },
  (t) => [
    uniqueIndex("program_rounds_position_unique").on(t.programId, t.position),
    check("program_rounds_position_check", sql`${t.position} between 1 and 24`),
    check("program_rounds_window_start_check", monthDayCheck(t.windowStart)),
    check("program_rounds_window_end_check", monthDayCheck(t.windowEnd)),
    check("program_rounds_window_order_check", sql`${t.windowStart} <= ${t.windowEnd}`),
    check("program_rounds_gap_check", sql`${t.minDaysSincePrevious} between 0 and 365`),
    check("program_rounds_price_check", sql`${t.price} > 0 and (${t.pricePerSqFt} is null or ${t.pricePerSqFt} > 0)`),
  ],
);

/** A round's default products, each at its rate per 1,000 sq ft in thousandths of the product's unit. */
export const programRoundProducts = pgTable(
  "program_round_products",
  {
    roundId: integer()
      .notNull()
      .references(() => programRounds.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    rateThousandths: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.productId] }), check("program_round_products_rate_check", sql`${t.rateThousandths} > 0`)],
);

/**
 * A customer enrolled in a program for one season (a calendar year). `autoRenew` enrolls them for
 * the next season, announced `RENEWAL_NOTICE_DAYS` ahead (`renewalNoticeSentAt`); the customer can
 * stop it (`renewalStoppedAt`). Removed with the customer; the application records stay.
 */
export const enrollments = pgTable(
  "enrollments",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    programId: integer()
      .notNull()
      .references(() => programs.id, { onDelete: "restrict" }),
    season: integer().notNull(),
    /** The lawn's size the rounds are priced and recorded by; null uses the customer's usual size. */
    lawnSizeSqFt: integer(),
    status: text().$type<EnrollmentStatus>().notNull().default("active"),
    source: text().$type<EnrollmentSource>().notNull(),
    /** The accepted quote that enrolled the customer. */
    quoteId: integer().references(() => quotes.id, { onDelete: "set null" }),
    /** The season before, when this enrollment is its renewal. */
    renewedFromId: integer(),
    autoRenew: boolean().notNull().default(false),
    renewalNoticeSentAt: instant(),
    renewalStoppedAt: instant(),
    cancelledAt: instant(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("enrollments_customer_program_season_unique").on(t.customerId, t.programId, t.season),
    index("enrollments_season_idx").on(t.season).where(sql`${t.status} = 'active'`),
    check("enrollments_status_check", sql`${t.status} in (${sqlList(ENROLLMENT_STATUSES)})`),
    check("enrollments_source_check", sql`${t.source} in (${sqlList(ENROLLMENT_SOURCES)})`),
    check("enrollments_season_check", sql`${t.season} between 2000 and 2200`),
    check("enrollments_lawn_size_check", sql`${t.lawnSizeSqFt} is null or ${t.lawnSizeSqFt} > 0`),
  ],
);

/**
 * An enrollment's copy of each round of its program, as sold: what is due when comes from these
 * (lib/programs.ts `roundStandings`). `visitId` is the visit it was scheduled as; a cancelled visit
 * leaves the round due again (or missed once its window closes).
 */
export const enrollmentRounds = pgTable(
  "enrollment_rounds",
  {
    enrollmentId: integer()
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    windowStart: text().notNull(),
    windowEnd: text().notNull(),
    minDaysSincePrevious: integer().notNull(),
    purpose: text().notNull(),
    /** The round's price for this lawn, in cents, fixed when enrolled. */
    price: integer().notNull(),
    visitId: integer().references(() => visits.id, { onDelete: "set null" }),
    skippedAt: instant(),
    skippedBy: text().$type<SkippedBy>(),
  },
  (t) => [
    primaryKey({ columns: [t.enrollmentId, t.position] }),
    uniqueIndex("enrollment_rounds_visit_unique").on(t.visitId).where(sql`${t.visitId} is not null`),
    check("enrollment_rounds_window_start_check", monthDayCheck(t.windowStart)),
    check("enrollment_rounds_window_end_check", monthDayCheck(t.windowEnd)),
    check("enrollment_rounds_skipped_by_check", sql`${t.skippedBy} is null or ${t.skippedBy} in (${sqlList(SKIPPED_BY)})`),
    check("enrollment_rounds_skipped_check", sql`(${t.skippedAt} is null) = (${t.skippedBy} is null)`),
    check("enrollment_rounds_price_check", sql`${t.price} >= 0`),
  ],
);

import { sql } from "drizzle-orm";
import { check, index, integer, boolean, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { NOTIFY_BY, type NotifyBy } from "../../../lib/texts";
import { createdAt, instant, locationColumns, locationConstraints, sqlList } from "./columns";

/**
 * A customer. Registered portal customers and the customers staff manage are the
 * same rows: a customer created by a booking or by staff has no password until it is claimed.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial().primaryKey(),
    fullName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    ...locationColumns(),
    notes: text(),
    stripeCustomerId: text(),
    passwordHash: text(),
    isVerified: boolean().notNull().default(false),
    /** The day-before reminder email; the customer turns it off in the portal or from any email. */
    remindersEnabled: boolean().notNull().default(true),
    /** The capability in each email's one-click unsubscribe link: it can only turn reminders off. */
    unsubscribeToken: uuid().notNull().defaultRandom().unique(),
    /**
     * Texts (docs/product-rules.md#texts): the number the customer agreed to be texted at (E.164) and
     * when; null without consent. Texts go only while the phone is still that number and no STOP
     * came after (`textsStoppedAt`, cleared by START or a new consent).
     */
    textNumber: text(),
    textConsentAt: instant(),
    textsStoppedAt: instant(),
    /** How notices come: email, text or both (text only with consent; otherwise email). */
    notifyBy: text().$type<NotifyBy>().notNull().default("email"),
    /**
     * When the record got a password (registration or claim). Until the email is verified, the
     * portal shows only visits, messages and payments created from this moment (docs/product-rules.md#customer-accounts-and-claiming).
     */
    registeredAt: instant(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_email_unique").on(sql`lower(${t.email})`),
    index("customers_full_name_idx").on(t.fullName),
    index("customers_created_at_idx").on(t.createdAt, t.id),
    check("customers_notify_by_check", sql`${t.notifyBy} in (${sqlList(NOTIFY_BY)})`),
    index("customers_text_number_idx").on(t.textNumber).where(sql`${t.textNumber} is not null`),
    ...locationConstraints("customers", t),
    // The search's trigram index (customers_search_trgm_idx over customerSearchText) is created by
    // hand in drizzle/*_phone.sql, after the pg_trgm extension it needs.
  ],
);

export const customerSessions = pgTable(
  "customer_sessions",
  {
    /** SHA-256 of the session token, hex. */
    id: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: instant().notNull(),
    /** However often it is used, a customer session ends this long after sign-in. */
    absoluteExpiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_sessions_customer_idx").on(t.customerId)],
);

/**
 * Each time an account proved it reads an address (a link sent there was used), with when. The
 * ownership rule (src/server/ownership/) reads these; a trigger written in drizzle/0011_ownership.sql
 * adds one whenever a customer's `is_verified` becomes true, and clears `is_verified` whenever the
 * email changes, so no code path can skip either.
 */
export const customerEmailProofs = pgTable(
  "customer_email_proofs",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Lower case, as `customers.email` is compared. */
    email: text().notNull(),
    provenAt: instant().notNull().defaultNow(),
  },
  (t) => [index("customer_email_proofs_customer_idx").on(t.customerId, t.email, t.provenAt)],
);

/**
 * Single-use links sent by email: confirming an address, choosing a first password (a staff
 * invitation, or claiming a record a booking made) and resetting a forgotten password.
 */
export const customerEmailTokens = pgTable(
  "customer_email_tokens",
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text().$type<"verify_email" | "invite" | "reset_password">().notNull(),
    /** The address the link was sent to: a later email change makes the link useless. */
    email: text().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    /**
     * A claim link made by someone registering with a booking's email: the password they typed
     * (hashed), kept for the link, and the SHA-256 of the secret their browser was given. Opened in
     * that browser, the link makes that password the account's; anywhere else it asks for one
     * (docs/product-rules.md#customer-accounts-and-claiming).
     */
    pendingPasswordHash: text(),
    browserProofHash: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check("customer_email_tokens_purpose_check", sql`${t.purpose} in ('verify_email', 'invite', 'reset_password')`),
    index("customer_email_tokens_customer_idx").on(t.customerId),
  ],
);

/**
 * The one text the staff customer search looks in: name, email and address in lower case, then
 * the phone as digits only. The trigram index customers_search_trgm_idx is built on exactly this
 * expression (see drizzle/*_phone.sql); change both together or the index stops being used.
 */
export const customerSearchText = sql<string>`(lower(${customers.fullName} || ' ' || ${customers.email} || ' ' || coalesce(${customers.address}, '') || ' ' || coalesce(${customers.city}, '') || ' ' || coalesce(${customers.zipCode}, '')) || ' ' || regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g'))`;

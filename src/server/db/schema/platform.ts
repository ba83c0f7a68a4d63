import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { staffUsers } from "./staff";

/**
 * One counter per limited thing ("sign-in:address:203.0.113.9", "booking:email:ann@example.com"),
 * kept in PostgreSQL so limits survive restarts and hold across instances. See
 * src/server/auth/rate-limit.ts for how a row is counted.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    /** Attempts counted in the current window, refused ones included. */
    hits: integer().notNull(),
    windowStartedAt: instant().notNull(),
    /** Windows in a row whose allowance was used up; each one doubles the next window (backoff rules only). */
    strikes: integer().notNull().default(0),
  },
  // Old rows are swept by their window's start.
  (t) => [index("rate_limits_window_started_idx").on(t.windowStartedAt)],
);

/** Business settings editable by staff, such as crew capacity per hourly slot. */
export const businessSettings = pgTable("business_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: createdAt(),
});

/**
 * Browsers that signed in successfully: a long-lived cookie holds the token, only its SHA-256 is
 * kept. A known device keeps its own sign-in limits, so guesses from elsewhere cannot lock out
 * the account's owner.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    /** SHA-256 of the device token, hex. */
    id: text().primaryKey(),
    staffUserId: integer().references(() => staffUsers.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: createdAt(),
  },
  (t) => [
    check("known_devices_one_owner_check", sql`(${t.staffUserId} is null) <> (${t.customerId} is null)`),
    index("known_devices_staff_user_idx").on(t.staffUserId),
    index("known_devices_customer_idx").on(t.customerId),
  ],
);

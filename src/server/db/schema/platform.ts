import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";

/**
 * Failed sign-ins per key ("staff:<username>", "customer:<email>", "ip:<address>"), kept in
 * PostgreSQL so limits survive restarts and hold across instances.
 */
export const loginThrottles = pgTable("login_throttles", {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: instant().notNull().defaultNow(),
  lockedUntil: instant(),
});

/** Business settings editable by staff, such as crew capacity per hourly slot. */
export const businessSettings = pgTable("business_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: createdAt(),
});

import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, integer, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";

/** A staff member who signs in to the staff area. */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    /** A generated first password: every staff screen waits until its owner chooses their own. */
    mustChangePassword: boolean().notNull().default(false),
    email: text(),
    fullName: text(),
    phone: text(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_users_username_unique").on(sql`lower(${t.username})`)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** SHA-256 of the session token, hex: the token itself is never stored. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: instant().notNull(),
    /** Staff sessions also end 7 days after sign-in, however active. */
    absoluteExpiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
);

/** Integrations act with staff rights through a bearer key. */
export const apiKeys = pgTable("api_keys", {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** First characters of the key, shown in lists so staff can tell keys apart. */
  prefix: text().notNull(),
  keyHash: text().notNull().unique(),
  createdByUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  lastUsedAt: instant(),
  /** Optional: from this instant the key no longer works. */
  expiresAt: instant(),
  revokedAt: instant(),
});

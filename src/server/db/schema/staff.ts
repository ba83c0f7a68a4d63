import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, serial, text, integer, uniqueIndex } from "drizzle-orm/pg-core";
import { API_KEY_ROLES, STAFF_ROLES, type ApiKeyRole, type StaffRole } from "../../../lib/staff-roles";
import { createdAt, instant } from "./columns";
import { crews } from "./crews";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * A staff member who signs in to the staff area, with a role (docs/product-rules.md#staff-roles);
 * a crew member belongs to exactly one crew, and nobody else belongs to one.
 */
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
    role: text().$type<StaffRole>().notNull(),
    crewId: integer().references(() => crews.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_users_username_unique").on(sql`lower(${t.username})`),
    check("staff_users_role_check", sql`${t.role} in (${inList(STAFF_ROLES)})`),
    check("staff_users_crew_check", sql`(${t.role} = 'crew') = (${t.crewId} is not null)`),
  ],
);

/**
 * An owner's invitation to join the staff: a link by email (only its hash kept) that lets the
 * invitee choose a username and password, with the role and crew the owner chose.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    role: text().$type<StaffRole>().notNull(),
    crewId: integer().references(() => crews.id),
    tokenHash: text().notNull().unique(),
    invitedByUserId: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    expiresAt: instant().notNull(),
    acceptedAt: instant(),
    revokedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    check("staff_invitations_role_check", sql`${t.role} in (${inList(STAFF_ROLES)})`),
    check("staff_invitations_crew_check", sql`(${t.role} = 'crew') = (${t.crewId} is not null)`),
    index("staff_invitations_email_idx").on(sql`lower(${t.email})`),
  ],
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

/** Integrations act through a bearer key, as office unless made narrower (a crew's). */
export const apiKeys = pgTable(
  "api_keys",
  {
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
    role: text().$type<ApiKeyRole>().notNull().default("office"),
    crewId: integer().references(() => crews.id),
  },
  (t) => [
    check("api_keys_role_check", sql`${t.role} in (${inList(API_KEY_ROLES)})`),
    check("api_keys_crew_check", sql`(${t.role} = 'crew') = (${t.crewId} is not null)`),
  ],
);

import { sql } from "drizzle-orm";
import { boolean, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// The programs table on its own: quotes (a program's plan) and enrollments both point at it.

/**
 * A lawn program staff sell for a season, such as "six rounds of fertilizer and weed control"
 * (docs/product-rules.md#lawn-programs). Retired, never deleted, once anyone was enrolled.
 */
export const programs = pgTable(
  "programs",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex("programs_active_name_unique").on(sql`lower(${t.name})`).where(sql`${t.active}`)],
);

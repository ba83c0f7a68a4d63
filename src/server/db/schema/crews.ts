import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The business's crews: one visit at a time each, so the active ones are the crew capacity.
 * A removed crew stays as an inactive row so past visits keep its name.
 */
export const crews = pgTable(
  "crews",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Order on screens: settings, the form's list, the day's columns. */
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex("crews_active_name_idx").on(sql`lower(${t.name})`).where(sql`${t.active}`)],
);

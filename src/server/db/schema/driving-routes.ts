import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { crews } from "./crews";

/**
 * The last order applied to a crew's day (src/server/driving-routes/apply-route.ts): how far the
 * crew drives in it, for the work report. Applying the day again replaces the row.
 */
export const appliedDrivingRoutes = pgTable(
  "applied_driving_routes",
  {
    crewId: integer()
      .notNull()
      .references(() => crews.id, { onDelete: "cascade" }),
    /** The Austin day. */
    date: date({ mode: "string" }).notNull(),
    stops: integer().notNull(),
    /** Road metres from the start address through every stop, in the applied order. */
    metres: integer().notNull(),
    driveMinutes: integer().notNull(),
    appliedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.crewId, t.date] })],
);

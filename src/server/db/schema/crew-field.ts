import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { crews } from "./crews";
import { visits } from "./schedules";
import { staffUsers } from "./staff";

/** Raw bytes (a photo), read and written as a Node Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

import { VISIT_PHOTO_MAX_BYTES, type VisitPhotoType } from "../../../lib/validation/crew-day";

/**
 * What the crew did in the field on one visit: on the way (and when they expect to arrive),
 * started, completed with a note, or could not do it and why. The visit's status stays in `visits`;
 * this is the crew's side of the day, which the office reads at once.
 */
export const visitFieldReports = pgTable(
  "visit_field_reports",
  {
    visitId: integer()
      .primaryKey()
      .references(() => visits.id, { onDelete: "cascade" }),
    crewId: integer().references(() => crews.id, { onDelete: "set null" }),
    onMyWayAt: instant(),
    /** Minutes to arrival the crew gave with "On my way". */
    etaMinutes: integer(),
    startedAt: instant(),
    completedAt: instant(),
    completionNote: text(),
    /** "Can't do it": the crew's reason, and when; cleared when the crew completes the visit after all. */
    problemReason: text(),
    problemAt: instant(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("visit_field_reports_eta_check", sql`${t.etaMinutes} is null or ${t.etaMinutes} between 1 and 240`),
    index("visit_field_reports_problem_idx").on(t.problemAt).where(sql`${t.problemAt} is not null`),
  ],
);

/** Photos a crew took of a visit, kept with it in the database; staff see them, the owner sees a completed visit's. */
export const visitPhotos = pgTable(
  "visit_photos",
  {
    id: serial().primaryKey(),
    visitId: integer()
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    contentType: text().$type<VisitPhotoType>().notNull(),
    byteSize: integer().notNull(),
    data: bytes().notNull(),
    takenBy: integer().references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("visit_photos_type_check", sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    check("visit_photos_size_check", sql`${t.byteSize} > 0 and ${t.byteSize} <= ${sql.raw(String(VISIT_PHOTO_MAX_BYTES))}`),
    index("visit_photos_visit_idx").on(t.visitId),
  ],
);

/**
 * One row per field action a caller sent with an idempotency key: the first answer is kept, and a
 * replay (a retry, the phone's queue sending again) gets it back without acting twice. Keys are
 * the caller's own: the same key from another staff member or API key is another action.
 */
export const fieldActions = pgTable(
  "field_actions",
  {
    /** "staff:<id>" or "key:<id>". */
    actor: text().notNull(),
    key: text().notNull(),
    /** What the key was first used for ("complete 1234"): the same key for another action is refused. */
    request: text().notNull(),
    result: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actor, t.key] }), index("field_actions_created_idx").on(t.createdAt)],
);

import { and, asc, count, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { CREW_MESSAGES, MAX_CREWS, type TCrewForm } from "@/lib/validation/crews";
import type { Db } from "@/server/db";
import { crews, schedules, visits } from "@/server/db/schema";
import { isUniqueViolation } from "@/server/db/errors";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { CREW_HOLDING_STATUSES } from "@/lib/schedule-enums";

export type Crew = { id: number; name: string; position: number };

const crewColumns = { id: crews.id, name: crews.name, position: crews.position };

/** The crews at work, in their screen order. */
export function listCrews(db: Db): Promise<Crew[]> {
  return db.select(crewColumns).from(crews).where(eq(crews.active, true)).orderBy(asc(crews.position), asc(crews.id));
}

/** Every crew a visit may name, removed ones too, so past visits keep their crew's name. */
export function listAllCrews(db: Db): Promise<(Crew & { active: boolean })[]> {
  return db
    .select({ ...crewColumns, active: crews.active })
    .from(crews)
    .orderBy(asc(crews.position), asc(crews.id));
}

function duplicateName(name: string) {
  return new ConflictError(`There is already a crew named "${name}"`);
}

/** The unique index on active names settles two requests racing for one name. */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export async function addCrew(db: Db, form: TCrewForm): Promise<Crew> {
  return withUniqueName(form.name, () =>
    db.transaction(async (tx) => {
      const [{ value: active } = { value: 0 }] = await tx.select({ value: count() }).from(crews).where(eq(crews.active, true));
      if (active >= MAX_CREWS) throw new ConflictError(CREW_MESSAGES.tooMany);
      const [crew] = await tx
        .insert(crews)
        .values({ name: form.name, position: sql`(select coalesce(max(${crews.position}), 0) + 1 from ${crews})` })
        .returning(crewColumns);
      return crew!;
    }),
  );
}

export async function renameCrew(db: Db, id: number, form: TCrewForm): Promise<Crew> {
  return withUniqueName(form.name, async () => {
    const [crew] = await db
      .update(crews)
      .set({ name: form.name, updatedAt: new Date() })
      .where(and(eq(crews.id, id), eq(crews.active, true)))
      .returning(crewColumns);
    if (!crew) throw new NotFoundError(CREW_MESSAGES.notFound);
    return crew;
  });
}

/**
 * Removes a crew (docs/product-rules.md#crews): its visits still to come that hold a crew become
 * unassigned, and so do the plans naming it; past visits keep it as history. The last crew stays.
 */
export async function removeCrew(db: Db, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    // One removal at a time, so two cannot each leave the other as the last crew.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crews'))`);
    const [crew] = await tx
      .select(crewColumns)
      .from(crews)
      .where(and(eq(crews.id, id), eq(crews.active, true)));
    if (!crew) throw new NotFoundError(CREW_MESSAGES.notFound);
    const [{ value: others } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(crews)
      .where(and(eq(crews.active, true), ne(crews.id, id)));
    if (others === 0) throw new ConflictError(CREW_MESSAGES.lastCrew);
    await tx.update(crews).set({ active: false, updatedAt: now }).where(eq(crews.id, id));
    await tx.update(schedules).set({ crewId: null }).where(eq(schedules.crewId, id));
    const unassigned = await tx
      .update(visits)
      .set({ crewId: null, updatedAt: now })
      .where(and(eq(visits.crewId, id), gte(visits.startTime, now), inArray(visits.status, [...CREW_HOLDING_STATUSES])))
      .returning({ id: visits.id });
    const n = unassigned.length;
    return {
      success: true as const,
      unassignedVisits: n,
      message:
        n === 0
          ? `${crew.name} was removed`
          : `${crew.name} was removed; ${n} visit${n === 1 ? "" : "s"} still to come ${n === 1 ? "is" : "are"} now unassigned`,
    };
  });
}

/** A crew id from a payload: it must name a crew at work (400 otherwise, in plain words). */
export async function assertActiveCrew(db: Db, id: number | null | undefined, field = "crewId"): Promise<void> {
  if (id == null) return;
  const [crew] = await db
    .select({ id: crews.id })
    .from(crews)
    .where(and(eq(crews.id, id), eq(crews.active, true)));
  if (!crew) throw new InvalidInputError(CREW_MESSAGES.unknown, field);
}

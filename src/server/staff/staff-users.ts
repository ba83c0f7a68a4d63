import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { crews, staffUsers } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { assertActiveCrew } from "@/server/crews/crews-repository";
import { STAFF_MESSAGES, type TStaffRoleForm } from "@/lib/validation/staff";
import { withdrawInvitationsSentBy } from "./staff-invitations";

/** The staff, owners first, each with their crew's name. */
export async function listStaffUsers(db: Db) {
  return db
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      fullName: staffUsers.fullName,
      email: staffUsers.email,
      role: staffUsers.role,
      crewId: staffUsers.crewId,
      crewName: crews.name,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .leftJoin(crews, eq(crews.id, staffUsers.crewId))
    .orderBy(sql`case ${staffUsers.role} when 'owner' then 0 when 'office' then 1 else 2 end`, asc(staffUsers.id));
}

/**
 * Refuses a change that would leave the business without an owner: someone must be able to manage
 * staff and settings. The owners' rows are locked first, so two owners demoting or removing each
 * other at the same moment cannot both succeed.
 */
export async function assertAnotherOwnerRemains(tx: Db, userId: number) {
  const others = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), ne(staffUsers.id, userId)))
    .for("update");
  if (others.length === 0) throw new ConflictError(STAFF_MESSAGES.lastOwner);
}

async function findStaffUser(tx: Db, userId: number) {
  const [user] = await tx.select({ id: staffUsers.id, role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
  return user;
}

/**
 * An owner changes someone's role (and crew); the last owner cannot be made anything else. Someone
 * who is no longer an owner cannot invite, so the invitations they sent are withdrawn with it.
 */
export async function changeStaffRole(db: Db, userId: number, form: TStaffRoleForm, now = new Date()) {
  await assertActiveCrew(db, form.crewId);
  await db.transaction(async (tx) => {
    const user = await findStaffUser(tx, userId);
    if (user.role === "owner" && form.role !== "owner") await assertAnotherOwnerRemains(tx, userId);
    await tx
      .update(staffUsers)
      .set({ role: form.role, crewId: form.role === "crew" ? (form.crewId ?? null) : null })
      .where(eq(staffUsers.id, userId));
    if (form.role !== "owner") await withdrawInvitationsSentBy(tx, userId, now);
  });
  const [changed] = (await listStaffUsers(db)).filter((user) => user.id === userId);
  return changed!;
}

/**
 * An owner removes a staff account; its sessions end with it (the next request, on every instance),
 * and so do the invitations it sent. The last owner cannot be removed.
 */
export async function removeStaffUser(db: Db, userId: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const user = await findStaffUser(tx, userId);
    if (user.role === "owner") await assertAnotherOwnerRemains(tx, userId);
    await withdrawInvitationsSentBy(tx, userId, now);
    await tx.delete(staffUsers).where(eq(staffUsers.id, userId));
  });
}

import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { withdrawInvitationsSentBy } from "@/server/staff/staff-invitations";
import { assertAnotherOwnerRemains } from "@/server/staff/staff-users";
import { isUniqueViolation } from "@/server/db/errors";
import { staffUsers } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { LIMITS } from "@/server/auth/limits";
import { CURRENT_PASSWORD_WRONG, hashPassword, verifyPassword } from "@/server/auth/password";
import { clearLimit, enforceLimit } from "@/server/auth/rate-limit";
import { invalidateOtherStaffSessions } from "@/server/auth/session";
import type { TPasswordForm, TProfileForm } from "@/lib/validation/settings";

export const USERNAME_TAKEN = "That username is already taken";
export const SAME_AS_FIRST_PASSWORD = "Choose a password of your own, different from the one you were given";
export const LAST_STAFF_ACCOUNT = "This is the only staff account, so it cannot be deleted. Create another staff account first.";
const STAFF_NOT_FOUND = "Staff account not found";

const profileColumns = {
  id: staffUsers.id,
  username: staffUsers.username,
  fullName: staffUsers.fullName,
  email: staffUsers.email,
  phone: staffUsers.phone,
};

export async function getStaffProfile(db: Db, userId: number) {
  const [profile] = await db.select(profileColumns).from(staffUsers).where(eq(staffUsers.id, userId));
  if (!profile) throw new NotFoundError(STAFF_NOT_FOUND);
  return profile;
}

/** Settings, General: the profile form saves for real. Usernames stay unique, ignoring case. */
export async function updateStaffProfile(db: Db, userId: number, form: TProfileForm) {
  const [taken] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(sql`lower(${staffUsers.username})`, form.username.toLowerCase()), ne(staffUsers.id, userId)));
  if (taken) throw new ConflictError(USERNAME_TAKEN);
  try {
    const [updated] = await db
      .update(staffUsers)
      .set({ fullName: form.fullName, email: form.email, username: form.username, phone: form.phone || null })
      .where(eq(staffUsers.id, userId))
      .returning(profileColumns);
    if (!updated) throw new NotFoundError(STAFF_NOT_FOUND);
    return updated;
  } catch (error) {
    // Two people claiming one username at once: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(USERNAME_TAKEN);
    throw error;
  }
}

/**
 * The current password asked again by a signed-in session: a few tries, then a growing wait, so a
 * session left open on someone's desk cannot be used to guess it.
 */
async function assertCurrentPassword(db: Db, userId: number, password: string, field: string) {
  const [user] = await db
    .select({ passwordHash: staffUsers.passwordHash, mustChangePassword: staffUsers.mustChangePassword })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  if (!user) throw new NotFoundError(STAFF_NOT_FOUND);
  await enforceLimit(db, LIMITS.passwordCheckPerAccount, `staff:${userId}`);
  if (!(await verifyPassword(user.passwordHash, password))) throw new InvalidInputError(CURRENT_PASSWORD_WRONG, field);
  await clearLimit(db, LIMITS.passwordCheckPerAccount, `staff:${userId}`);
  return user;
}

/**
 * The current password is verified; every other session of this person ends. A generated first
 * password must be replaced by a different one, which lifts the wait on every staff screen.
 */
export async function changeStaffPassword(db: Db, userId: number, keepSessionId: string, form: TPasswordForm) {
  const user = await assertCurrentPassword(db, userId, form.currentPassword, "currentPassword");
  if (user.mustChangePassword && form.newPassword === form.currentPassword) {
    throw new InvalidInputError(SAME_AS_FIRST_PASSWORD, "newPassword");
  }
  await db
    .update(staffUsers)
    .set({ passwordHash: await hashPassword(form.newPassword), mustChangePassword: false })
    .where(eq(staffUsers.id, userId));
  await invalidateOtherStaffSessions(db, userId, keepSessionId);
}

/**
 * Settings, Advanced: deleting one's own staff account needs the password, and the business must
 * keep at least one staff account or nobody could sign in again. Sessions go with the account.
 */
export async function deleteStaffAccount(db: Db, userId: number, password: string) {
  await assertCurrentPassword(db, userId, password, "password");
  await db.transaction(async (tx) => {
    // Locks the staff rows so two last accounts cannot delete each other at the same moment.
    await tx.execute(sql`select id from ${staffUsers} for update`);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(staffUsers);
    if (total <= 1) throw new ConflictError(LAST_STAFF_ACCOUNT);
    const [self] = await tx.select({ role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.id, userId));
    if (self?.role === "owner") await assertAnotherOwnerRemains(tx, userId);
    // The links they sent end with their account (docs/product-rules.md#staff-roles).
    await withdrawInvitationsSentBy(tx, userId);
    await tx.delete(staffUsers).where(eq(staffUsers.id, userId));
  });
}

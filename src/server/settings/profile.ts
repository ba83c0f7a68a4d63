import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { staffUsers } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { invalidateOtherStaffSessions } from "@/server/auth/session";
import type { TPasswordForm, TProfileForm } from "@/lib/validation/settings";

export const USERNAME_TAKEN = "That username is already taken";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
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

/** Settings, General: the profile form saves for real (beyond.md item 8). Usernames stay unique, ignoring case. */
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

async function assertCurrentPassword(db: Db, userId: number, password: string, field: string) {
  const [user] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user) throw new NotFoundError(STAFF_NOT_FOUND);
  if (!(await verifyPassword(user.passwordHash, password))) throw new InvalidInputError(CURRENT_PASSWORD_WRONG, field);
}

/** The current password is verified; every other session of this person ends (ARCHITECTURE.md, Sessions). */
export async function changeStaffPassword(db: Db, userId: number, keepSessionId: string, form: TPasswordForm) {
  await assertCurrentPassword(db, userId, form.currentPassword, "currentPassword");
  await db.update(staffUsers).set({ passwordHash: await hashPassword(form.newPassword) }).where(eq(staffUsers.id, userId));
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
    await tx.delete(staffUsers).where(eq(staffUsers.id, userId));
  });
}

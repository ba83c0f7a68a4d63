import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { staffUsers } from "@/server/db/schema";
import { UnauthorizedError } from "@/server/errors";
import { knownDeviceId, rememberDevice } from "@/server/auth/known-devices";
import { verifyAgainstDummy, verifyPassword } from "@/server/auth/password";
import { createStaffSession } from "@/server/auth/session";
import { admitSignIn, signInSucceeded } from "@/server/auth/sign-in-limits";

export const INVALID_STAFF_LOGIN = "Invalid username or password";

export interface StaffSignIn {
  username: string;
  password: string;
  /** The client's address (the request context's `ip`). */
  ip: string;
  /** The browser's device cookie, when it has one. */
  deviceToken?: string | null;
}

/**
 * Signs a staff member in. The attempt is counted before the password is checked (see
 * sign-in-limits.ts); a success returns the new session, the device token to keep in the browser,
 * and whether the account still has to choose its own password.
 */
export async function loginStaff(db: Db, input: StaffSignIn) {
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, input.username.trim().toLowerCase()));
  const deviceToken = input.deviceToken ?? null;
  const source = {
    kind: "staff" as const,
    identifier: input.username,
    ip: input.ip,
    knownDeviceId: await knownDeviceId(db, deviceToken, user ? { kind: "staff", id: user.id } : null),
  };
  await admitSignIn(db, source);

  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new UnauthorizedError(INVALID_STAFF_LOGIN);

  await signInSucceeded(db, source);
  const device = await rememberDevice(db, deviceToken, { kind: "staff", id: user.id });
  const session = await createStaffSession(db, user.id);
  return {
    ...session,
    device,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      phone: user.phone,
      mustChangePassword: user.mustChangePassword,
      role: user.role,
      crewId: user.crewId,
    },
  };
}

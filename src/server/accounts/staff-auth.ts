import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { staffUsers } from "@/server/db/schema";
import { TooManyRequestsError, UnauthorizedError } from "@/server/errors";
import { verifyAgainstDummy, verifyPassword } from "@/server/auth/password";
import { createStaffSession } from "@/server/auth/session";
import {
  ACCOUNT_FAILURE_LIMIT,
  IP_FAILURE_LIMIT,
  accountThrottleKey,
  clearLoginFailures,
  ipThrottleKey,
  recordLoginFailure,
  secondsUntilUnlocked,
} from "@/server/auth/throttle";

export const INVALID_STAFF_LOGIN = "Invalid username or password";
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

export async function loginStaff(db: Db, input: { username: string; password: string; ip: string }) {
  const accountKey = accountThrottleKey("staff", input.username);
  const ipKey = ipThrottleKey(input.ip);
  const wait = await secondsUntilUnlocked(db, [accountKey, ipKey]);
  if (wait > 0) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, wait);

  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, input.username.trim().toLowerCase()));
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordLoginFailure(db, accountKey, ACCOUNT_FAILURE_LIMIT);
    await recordLoginFailure(db, ipKey, IP_FAILURE_LIMIT);
    throw new UnauthorizedError(INVALID_STAFF_LOGIN);
  }
  await clearLoginFailures(db, accountKey);
  const session = await createStaffSession(db, user.id);
  return {
    ...session,
    user: { id: user.id, username: user.username, email: user.email, fullName: user.fullName, phone: user.phone },
  };
}

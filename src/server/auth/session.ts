import { and, eq, ne } from "drizzle-orm";
import type { TSessionCustomer } from "@/server/auth/schemas";
import type { Db } from "@/server/db";
import { customers, customerSessions, staffSessions, staffUsers } from "@/server/db/schema";
import { cachedSession, forgetSession, invalidateSessions, sessionsGeneration, storeSession } from "@/server/cache/session-cache";
import { generateToken, hashToken } from "./tokens";
import type { StaffRole } from "@/lib/staff-roles";
import { SESSION_CUSTOMER_COLUMNS } from "@/server/db/customer-columns";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// Lucia's recipe: customers stay signed in 30 days, renewed when used in the last 15, and sign in
// again at the latest 60 days after they did, however often they come back.
const CUSTOMER_SESSION_LIFETIME = 30 * DAY;
const CUSTOMER_RENEW_WITHIN = 15 * DAY;
export const CUSTOMER_ABSOLUTE_LIFETIME = 60 * DAY;
// Staff sessions guard the whole business: 12 hours idle, 7 days at most.
const STAFF_IDLE_LIFETIME = 12 * HOUR;
const STAFF_ABSOLUTE_LIFETIME = 7 * DAY;
const STAFF_RENEW_AFTER = HOUR;

/** What the rest of the server may know about a signed-in staff member: never the hash. */
export interface StaffSessionUser {
  id: number;
  username: string;
  email: string | null;
  fullName: string | null;
  phone: string | null;
  /** Still on a generated first password: only the password change is open to them. */
  mustChangePassword: boolean;
  role: StaffRole;
  /** The crew of a crew member; null for owners and office. */
  crewId: number | null;
}

export interface StaffSession {
  sessionId: string;
  expiresAt: Date;
  user: StaffSessionUser;
}

export interface CustomerSession {
  sessionId: string;
  expiresAt: Date;
  /** True when this request extended the session, so the cookie must be sent again. */
  renewed: boolean;
  customer: TSessionCustomer;
}

export async function createStaffSession(db: Db, userId: number, now = new Date()) {
  const token = generateToken();
  const absoluteExpiresAt = new Date(now.getTime() + STAFF_ABSOLUTE_LIFETIME);
  await db.insert(staffSessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + STAFF_IDLE_LIFETIME),
    absoluteExpiresAt,
  });
  // The cookie lives as long as the session can; the idle limit is enforced here on the server.
  return { token, cookieExpiresAt: absoluteExpiresAt };
}

export async function createCustomerSession(db: Db, customerId: number, now = new Date()) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_LIFETIME);
  const absoluteExpiresAt = new Date(now.getTime() + CUSTOMER_ABSOLUTE_LIFETIME);
  await db.insert(customerSessions).values({ id: hashToken(token), customerId, expiresAt, absoluteExpiresAt, createdAt: now });
  return { token, cookieExpiresAt: expiresAt };
}

/**
 * A session row as read from the database, or from the short-lived cache of looked-up sessions
 * (by the token's hash); a revocation clears that cache on every instance.
 */
async function cachedRow<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  const cached = cachedSession<T>(key);
  if (cached) return cached;
  const generation = sessionsGeneration();
  const row = await load();
  if (row) storeSession(key, generation, row);
  return row;
}

/** The session for a cookie token, renewed when due; null when unknown or expired. */
export async function validateStaffSessionToken(db: Db, token: string, now = new Date()): Promise<StaffSession | null> {
  const sessionId = hashToken(token);
  const cacheKey = `staff:${sessionId}`;
  const row = await cachedRow(cacheKey, async () => {
    const [found] = await db
      .select({
        expiresAt: staffSessions.expiresAt,
        absoluteExpiresAt: staffSessions.absoluteExpiresAt,
        user: {
          id: staffUsers.id,
          username: staffUsers.username,
          email: staffUsers.email,
          fullName: staffUsers.fullName,
          phone: staffUsers.phone,
          mustChangePassword: staffUsers.mustChangePassword,
          role: staffUsers.role,
          crewId: staffUsers.crewId,
        },
      })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
      .where(eq(staffSessions.id, sessionId));
    return found;
  });
  if (!row) return null;
  if (now >= row.expiresAt || now >= row.absoluteExpiresAt) {
    forgetSession(cacheKey);
    await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  if (row.expiresAt.getTime() - now.getTime() < STAFF_IDLE_LIFETIME - STAFF_RENEW_AFTER) {
    expiresAt = new Date(Math.min(now.getTime() + STAFF_IDLE_LIFETIME, row.absoluteExpiresAt.getTime()));
    await db.update(staffSessions).set({ expiresAt }).where(eq(staffSessions.id, sessionId));
    storeSession(cacheKey, sessionsGeneration(), { ...row, expiresAt });
  }
  return { sessionId, expiresAt, user: row.user };
}

export async function validateCustomerSessionToken(db: Db, token: string, now = new Date()): Promise<CustomerSession | null> {
  const sessionId = hashToken(token);
  const cacheKey = `customer:${sessionId}`;
  const row = await cachedRow(cacheKey, async () => {
    const [found] = await db
      .select({
        expiresAt: customerSessions.expiresAt,
        absoluteExpiresAt: customerSessions.absoluteExpiresAt,
        customer: {
          ...SESSION_CUSTOMER_COLUMNS,
        },
      })
      .from(customerSessions)
      .innerJoin(customers, eq(customers.id, customerSessions.customerId))
      .where(eq(customerSessions.id, sessionId));
    return found;
  });
  if (!row) return null;
  if (now >= row.expiresAt || now >= row.absoluteExpiresAt) {
    forgetSession(cacheKey);
    await db.delete(customerSessions).where(eq(customerSessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  const renewable = expiresAt < row.absoluteExpiresAt;
  const renewed = renewable && row.expiresAt.getTime() - now.getTime() < CUSTOMER_RENEW_WITHIN;
  if (renewed) {
    expiresAt = new Date(Math.min(now.getTime() + CUSTOMER_SESSION_LIFETIME, row.absoluteExpiresAt.getTime()));
    await db.update(customerSessions).set({ expiresAt }).where(eq(customerSessions.id, sessionId));
    storeSession(cacheKey, sessionsGeneration(), { ...row, expiresAt });
  }
  return { sessionId, expiresAt, renewed, customer: row.customer };
}

// Revocations clear this process's cache themselves, so the very next request here sees them;
// other instances hear of them from the database's notification.
export async function invalidateStaffSession(db: Db, sessionId: string) {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
  invalidateSessions();
}

export async function invalidateCustomerSession(db: Db, sessionId: string) {
  await db.delete(customerSessions).where(eq(customerSessions.id, sessionId));
  invalidateSessions();
}

/** After a password change every other session of that person ends. */
export async function invalidateOtherStaffSessions(db: Db, userId: number, keepSessionId: string | null) {
  await db
    .delete(staffSessions)
    .where(keepSessionId ? and(eq(staffSessions.userId, userId), ne(staffSessions.id, keepSessionId)) : eq(staffSessions.userId, userId));
  invalidateSessions();
}

export async function invalidateOtherCustomerSessions(db: Db, customerId: number, keepSessionId: string | null) {
  await db
    .delete(customerSessions)
    .where(
      keepSessionId
        ? and(eq(customerSessions.customerId, customerId), ne(customerSessions.id, keepSessionId))
        : eq(customerSessions.customerId, customerId),
    );
  invalidateSessions();
}

import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/server/db";
import { knownDevices } from "@/server/db/schema";
import { generateToken, hashToken } from "./tokens";

/** A browser stays known for a year after its last successful sign-in. */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export type DeviceOwner = { kind: "staff"; id: number } | { kind: "customer"; id: number };

function ownedBy(owner: DeviceOwner) {
  return owner.kind === "staff" ? eq(knownDevices.staffUserId, owner.id) : eq(knownDevices.customerId, owner.id);
}

/** The id of the device this cookie token names, when that device signed in to this account before. */
export async function knownDeviceId(db: Db, token: string | null, owner: DeviceOwner | null, now = new Date()): Promise<string | null> {
  if (!token || !owner) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.id, id), ownedBy(owner), gt(knownDevices.lastUsedAt, new Date(now.getTime() - KNOWN_DEVICE_LIFETIME_MS))));
  return row?.id ?? null;
}

/**
 * After a successful sign-in: the browser's device token is kept (or a new one made) and its life
 * starts again. Returns the token for the long-lived device cookie.
 */
export async function rememberDevice(db: Db, token: string | null, owner: DeviceOwner, now = new Date()) {
  if (token && (await knownDeviceId(db, token, owner, now))) {
    await db
      .update(knownDevices)
      .set({ lastUsedAt: now })
      .where(eq(knownDevices.id, hashToken(token)));
    return { token, expiresAt: new Date(now.getTime() + KNOWN_DEVICE_LIFETIME_MS) };
  }
  const fresh = generateToken();
  await db.insert(knownDevices).values({
    id: hashToken(fresh),
    staffUserId: owner.kind === "staff" ? owner.id : null,
    customerId: owner.kind === "customer" ? owner.id : null,
    createdAt: now,
    lastUsedAt: now,
  });
  return { token: fresh, expiresAt: new Date(now.getTime() + KNOWN_DEVICE_LIFETIME_MS) };
}

/** After a password reset no browser keeps the standing it earned with the old password. */
export async function forgetDevices(db: Db, owner: DeviceOwner) {
  await db.delete(knownDevices).where(ownedBy(owner));
}

import type { Db } from "@/server/db";
import { LIMITS, limitSubjectForAddress } from "./limits";
import { clearLimit, enforceLimit, refundAttempt } from "./rate-limit";

/**
 * Who is trying to sign in to what. `knownDeviceId` is set when the browser's device cookie names
 * a device that signed in to this very account before.
 */
export interface SignInSource {
  kind: "staff" | "customer";
  /** The username or email as typed (case and spaces do not matter). */
  identifier: string;
  ip: string;
  knownDeviceId: string | null;
}

function subjects(source: SignInSource) {
  const account = `${source.kind}:${source.identifier.trim().toLowerCase()}`;
  const address = limitSubjectForAddress(source.ip);
  return {
    address,
    account,
    accountAndSource: source.knownDeviceId ? `${account}|device:${source.knownDeviceId}` : `${account}|address:${address}`,
  };
}

/**
 * Counts a sign-in attempt before the password is checked, and refuses it (429) when a limit is
 * reached, so that concurrent guesses cannot slip past a limit together. A guesser slows down only
 * where they guess from: the owner's known devices keep their own count and skip the limits that
 * a stranger's guesses fill, and another address starts fresh.
 */
export async function admitSignIn(db: Db, source: SignInSource, now = new Date()): Promise<void> {
  const key = subjects(source);
  if (!source.knownDeviceId) await enforceLimit(db, LIMITS.signInPerAddress, key.address, now);
  await enforceLimit(db, LIMITS.signInPerAccountAndSource, key.accountAndSource, now);
  if (!source.knownDeviceId) await enforceLimit(db, LIMITS.signInPerAccountFromNewDevices, key.account, now);
}

/** The right password: that source's run of mistakes ends and the attempt no longer counts against the address. */
export async function signInSucceeded(db: Db, source: SignInSource): Promise<void> {
  const key = subjects(source);
  await clearLimit(db, LIMITS.signInPerAccountAndSource, key.accountAndSource);
  if (!source.knownDeviceId) {
    await refundAttempt(db, LIMITS.signInPerAddress, key.address);
    await refundAttempt(db, LIMITS.signInPerAccountFromNewDevices, key.account);
  }
}

import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { TooManyRequestsError } from "@/server/errors";
import { Semaphore } from "./semaphore";

// OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. Algorithm 2 is argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each argon2 run takes a core and 19 MiB for tens of milliseconds. At most half the cores hash
 * at once, so a flood of sign-ins waits here instead of starving every other request; past a
 * short queue the flood is refused outright.
 */
export const argon2Slots = new Semaphore({ slots: Math.max(1, Math.floor(availableParallelism() / 2)), maxWaiting: 64 });

export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";

export const SIGN_IN_BUSY = "We are handling many sign-ins right now. Please try again in a moment.";

function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  if (!argon2Slots.canQueue()) throw new TooManyRequestsError(SIGN_IN_BUSY, 2);
  return argon2Slots.run(work);
}

export function hashPassword(password: string): Promise<string> {
  return withArgon2Slot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withArgon2Slot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spend the same time as a real check when the account does not exist, so response timing
 * does not tell which usernames or emails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash("not-a-real-password-for-timing", ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}

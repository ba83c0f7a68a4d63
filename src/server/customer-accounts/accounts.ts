import type { Db } from "@/server/db";
import { findCustomerByEmail, insertCustomerIfNew, normalizeEmail, type CustomerRow } from "@/server/customers/customers-repository";
import { ConflictError, UnauthorizedError } from "@/server/errors";
import { knownDeviceId, rememberDevice } from "@/server/auth/known-devices";
import { enforceAccountEmailLimits, LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/server/auth/password";
import { enforceLimit } from "@/server/auth/rate-limit";
import { generateToken } from "@/server/auth/tokens";
import { createCustomerSession } from "@/server/auth/session";
import { admitSignIn, signInSucceeded } from "@/server/auth/sign-in-limits";
import type { TCustomerRegister } from "@/lib/validation/customer-register";
import { sendClaimLink } from "@/server/customer-accounts/invitations";
import { sendVerificationEmail } from "@/server/customer-accounts/verification";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import { setTextConsent } from "@/server/texts/consent";

export const INVALID_CUSTOMER_LOGIN = "Invalid email or password";
export const EMAIL_ALREADY_REGISTERED = "An account with this email already exists. Please log in instead.";
export const ACCOUNT_CREATED = "Your account has been created!";
export const CLAIM_LINK_SENT =
  "We already have bookings under this email. To keep them private, we sent a link to that address. Open it in this browser and you are signed in with the password you just chose; opened anywhere else, it asks you to choose a password.";

/** A new session for the customer, and the device token that marks this browser as theirs. */
export async function signInCustomer(db: Db, customerId: number, deviceToken: string | null, now = new Date()) {
  const session = await createCustomerSession(db, customerId, now);
  const device = await rememberDevice(db, deviceToken, { kind: "customer", id: customerId }, now);
  return { ...session, device };
}

export interface CustomerRegistration extends TCustomerRegister {
  /** The client's address (the request context's `ip`). */
  ip: string;
  deviceToken?: string | null;
}

export type RegistrationOutcome =
  | ({ outcome: "created"; customer: CustomerRow } & Awaited<ReturnType<typeof signInCustomer>>)
  | { outcome: "claim-link-sent"; email: string; browserProof: string };

/**
 * Creates a portal account and signs it in; a link to confirm the email goes out. An email that a
 * booking or staff already used (a record without a password) is not opened here: that record's
 * visits, messages and payments belong to whoever reads that inbox, so it gets a link to choose a
 * password instead, and nothing of the record is shown, changed or signed in to now.
 */
export async function registerCustomer(db: Db, input: CustomerRegistration, now = new Date()): Promise<RegistrationOutcome> {
  await enforceLimit(db, LIMITS.registrationPerAddress, limitSubjectForAddress(input.ip), now);
  const existing = await findCustomerByEmail(db, input.email);
  if (existing?.passwordHash) throw new ConflictError(EMAIL_ALREADY_REGISTERED);
  await enforceAccountEmailLimits(db, input.email, input.ip, now);

  if (existing) {
    // The typed password waits with the link; this browser keeps the secret that lets it stand.
    const browserProof = generateToken();
    await sendClaimLink(db, existing, now, { passwordHash: await hashPassword(input.password), browserProof });
    return { outcome: "claim-link-sent", email: existing.email, browserProof };
  }

  const { fullName, email, phone, address, city, state, zipCode } = input;
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const customer = await insertCustomerIfNew(
      tx,
      { fullName, email, phone, address, city, state, zipCode, passwordHash, registeredAt: now },
      "registration",
    );
    // The ticked "Text me" is the new account's own consent, kept with the account or not at all.
    if (customer && input.textConsent) {
      await setTextConsent(tx, customer.id, { given: true, method: "registration", words: TEXT_CONSENT_WORDS });
    }
    return customer;
  });
  // Two registrations racing for one email: the loser is told the account exists.
  if (!created) throw new ConflictError(EMAIL_ALREADY_REGISTERED);
  await sendVerificationEmail(db, created, now);
  const signedIn = await signInCustomer(db, created.id, input.deviceToken ?? null, now);
  return { outcome: "created", customer: created, ...signedIn };
}

export interface CustomerSignIn {
  email: string;
  password: string;
  ip: string;
  deviceToken?: string | null;
}

/** Signs a customer in; the attempt is counted before the password is checked (see sign-in-limits.ts). */
export async function loginCustomer(db: Db, input: CustomerSignIn) {
  const customer = await findCustomerByEmail(db, input.email);
  const deviceToken = input.deviceToken ?? null;
  const source = {
    kind: "customer" as const,
    identifier: normalizeEmail(input.email),
    ip: input.ip,
    knownDeviceId: await knownDeviceId(db, deviceToken, customer ? { kind: "customer", id: customer.id } : null),
  };
  await admitSignIn(db, source);

  const valid = customer?.passwordHash
    ? await verifyPassword(customer.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!customer || !valid) throw new UnauthorizedError(INVALID_CUSTOMER_LOGIN);

  await signInSucceeded(db, source);
  return { ...(await signInCustomer(db, customer.id, deviceToken)), customer };
}

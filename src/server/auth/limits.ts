import { BUSINESS } from "@/lib/business";
import type { Db } from "@/server/db";
import { enforceLimit, type LimitRule } from "./rate-limit";

/**
 * Every limit the app applies, in one place. Cheap reads (the catalogue, availability) have none,
 * so real visitors never meet one; what costs CPU, sends email or writes rows for a stranger does.
 * Addresses are counted per IPv4 address or IPv6 /64 (see limitSubjectForAddress).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TOO_MANY_SIGN_INS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
const TOO_MANY_EMAILS =
  "We have sent several emails to this address already. Please check your inbox (and spam folder), or try again later.";

export const LIMITS = {
  /** Sign-in guesses from one address across all accounts: spraying one password over many accounts. */
  signInPerAddress: { name: "sign-in:address", limit: 30, windowMs: 15 * MINUTE, message: TOO_MANY_SIGN_INS },
  /**
   * Guesses at one account from one address (or one known device): five, then a growing delay
   * (30 minutes, an hour, two, ... a day). Only that address waits; the owner elsewhere does not.
   */
  signInPerAccountAndSource: {
    name: "sign-in:account-source",
    limit: 5,
    windowMs: 15 * MINUTE,
    backoff: { maxWindowMs: DAY },
    message: TOO_MANY_SIGN_INS,
  },
  /**
   * Guesses at one account from browsers that never signed in to it, whatever their address: it
   * bounds a guesser with many addresses. The owner's known devices are not counted here.
   */
  signInPerAccountFromNewDevices: { name: "sign-in:account-new-devices", limit: 100, windowMs: HOUR, message: TOO_MANY_SIGN_INS },
  /** The current password asked again (password change, account deletion) by a signed-in session. */
  passwordCheckPerAccount: {
    name: "password-check:account",
    limit: 5,
    windowMs: 15 * MINUTE,
    backoff: { maxWindowMs: DAY },
    message: "Too many wrong passwords. Please wait a few minutes and try again.",
  },

  registrationPerAddress: {
    name: "registration:address",
    limit: 20,
    windowMs: HOUR,
    message: "Too many accounts were created from your network recently. Please try again later.",
  },
  /** Every email a visitor can make us send to an address: confirmation, claim, reset, email change. */
  accountEmailsPerRecipient: { name: "account-email:recipient", limit: 5, windowMs: HOUR, message: TOO_MANY_EMAILS },
  accountEmailsPerAddress: { name: "account-email:address", limit: 30, windowMs: HOUR, message: TOO_MANY_EMAILS },
  /** Links to confirm an account's address: asking for another waits a minute after the last. */
  verificationEmailsPerAccount: {
    name: "verification-email:account",
    limit: 1,
    windowMs: MINUTE,
    message: "We just sent you an email. Please wait a minute before asking for another.",
  },
  passwordResetPerAddress: {
    name: "password-reset:address",
    limit: 20,
    windowMs: HOUR,
    message: "Too many password reset requests from your network. Please try again later.",
  },
  emailChangesPerAccount: {
    name: "email-change:account",
    limit: 3,
    windowMs: DAY,
    message: "You have changed your email address several times today. Please try again tomorrow.",
  },
  emailChangesPerAddress: {
    name: "email-change:address",
    limit: 10,
    windowMs: HOUR,
    message: "Too many email changes from your network. Please try again later.",
  },

  bookingsPerAddress: {
    name: "booking:address",
    limit: 20,
    windowMs: HOUR,
    message: `Too many bookings from your network in a short time. Please try again later or call us at ${BUSINESS.phone}.`,
  },
  bookingsPerEmail: {
    name: "booking:email",
    limit: 5,
    windowMs: HOUR,
    message: `You have made several bookings in a short time. Please try again later or call us at ${BUSINESS.phone}.`,
  },
  bookingsPerAccount: {
    name: "booking:account",
    limit: 20,
    windowMs: HOUR,
    message: `You have made several bookings in a short time. Please try again later or call us at ${BUSINESS.phone}.`,
  },
  /** Open-ended recurring series started without signing in: each one plans visits with no end. */
  anonymousSeriesPerEmail: {
    name: "anonymous-series:email",
    limit: 2,
    windowMs: 30 * DAY,
    message: `You have started several recurring plans recently. Please log in to your account or call us at ${BUSINESS.phone} to add another.`,
  },
  anonymousSeriesPerAddress: {
    name: "anonymous-series:address",
    limit: 5,
    windowMs: 30 * DAY,
    message: `Several recurring plans were started from your network recently. Please log in to your account or call us at ${BUSINESS.phone} to add another.`,
  },

  contactPerAddress: {
    name: "contact:address",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "You have sent several messages in a short time. Please try again later or call us.",
  },
  contactPerEmail: {
    name: "contact:email",
    limit: 5,
    windowMs: HOUR,
    message: "You have sent several messages in a short time. Please try again later or call us.",
  },

  // A quote request is a contact message with photos: the same allowance, counted on its own.
  quoteRequestPerAddress: {
    name: "quote-request:address",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "You have sent several requests in a short time. Please try again later or call us.",
  },
  quoteRequestPerEmail: {
    name: "quote-request:email",
    limit: 5,
    windowMs: HOUR,
    message: "You have sent several requests in a short time. Please try again later or call us.",
  },

  /*
   * What a signed-in customer or a payment's return page can make us pay for: a call to Stripe
   * or an email to the office. Each allows several times what a real customer ever does in an
   * hour, so nobody meets them by using the app, only by scripting it.
   */
  /** "Add Payment Method" asks Stripe for a SetupIntent each time it opens; a customer opens it a handful of times at most. */
  cardSetupsPerAccount: {
    name: "card-setup:account",
    limit: 30,
    windowMs: HOUR,
    message: `You have started adding a card many times in the last hour. Please try again later or call us at ${BUSINESS.phone}.`,
  },
  /**
   * The return screen after a card payment reads the payment from Stripe, without a session, so
   * it is counted per address: a customer returns once per payment, an office that takes cards
   * at the counter a few dozen times a day.
   */
  paymentReturnStatusPerAddress: {
    name: "payment-return:address",
    limit: 60,
    windowMs: HOUR,
    message: "Too many payment checks from your network. Please wait a few minutes; your payment is recorded either way.",
  },
  /** Every portal message emails the office; a customer writes a few at a time. */
  portalMessagesPerAccount: {
    name: "portal-message:account",
    limit: 30,
    windowMs: HOUR,
    message: `You have sent many messages in the last hour. Please wait a little, or call us at ${BUSINESS.phone} if it is urgent.`,
  },

  /**
   * "On my way" from one crew member or API key, counted for new taps only (a phone sending its
   * queue again with the same keys is not counted). A crew makes a dozen stops a day and the
   * customer hears at most twice a visit anyway (docs/product-rules.md#the-crews-phone), so only a
   * script meets this. The phone keeps a refused tap and sends it again later.
   */
  onMyWayPerSender: {
    name: "on-my-way:sender",
    limit: 30,
    windowMs: HOUR,
    message: 'You have sent "On my way" many times in the last hour. Please wait a few minutes; your phone keeps it and sends it later.',
  },
} satisfies Record<string, LimitRule>;

/**
 * The subject an address is counted under. An IPv6 client usually holds a whole /64, so counting
 * single IPv6 addresses would let it take a fresh one for every attempt.
 */
export function limitSubjectForAddress(address: string): string {
  const bare = address.trim().toLowerCase();
  if (!bare.includes(":")) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  return `${expandIpv6(bare).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => "0"), ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}

/** Before any email a visitor's action sends to `recipient`: per recipient and per sending address. */
export async function enforceAccountEmailLimits(db: Db, recipient: string, ip: string, now = new Date()): Promise<void> {
  await enforceLimit(db, LIMITS.accountEmailsPerAddress, limitSubjectForAddress(ip), now);
  await enforceLimit(db, LIMITS.accountEmailsPerRecipient, recipient, now);
}

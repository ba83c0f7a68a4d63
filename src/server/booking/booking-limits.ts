import type { Db } from "@/server/db";
import { DomainError, TooManyRequestsError } from "@/server/errors";
import { LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { countAttempt, refundAttempt, type LimitRule } from "@/server/auth/rate-limit";
import { createBooking, type CreateBookingOptions } from "./create-booking";

type Counted = Array<[LimitRule, string]>;

/**
 * Bookings write rows for anyone who asks, so they are limited per address, and per email (or per
 * account when signed in). An open-ended recurring series plans visits without end, so a visitor
 * who is not signed in may start only a few.
 */
function limitsFor(options: CreateBookingOptions & { ip: string }): Counted {
  const address = limitSubjectForAddress(options.ip);
  const counted: Counted = [[LIMITS.bookingsPerAddress, address]];
  if (options.signedInCustomerId) {
    counted.push([LIMITS.bookingsPerAccount, String(options.signedInCustomerId)]);
  } else {
    counted.push([LIMITS.bookingsPerEmail, options.request.email]);
    if (options.request.isRecurring) {
      counted.push([LIMITS.anonymousSeriesPerEmail, options.request.email], [LIMITS.anonymousSeriesPerAddress, address]);
    }
  }
  return counted;
}

async function refund(db: Db, counted: Counted) {
  for (const [rule, subject] of counted) await refundAttempt(db, rule, subject);
}

/**
 * The entry to booking from outside (REST and the wizard). The attempt is counted before any work;
 * a booking that is then refused (a full slot, a date out of range) gives its count back, so an
 * honest visitor who tries a few slots is not held up.
 */
export async function bookWithinLimits(db: Db, options: CreateBookingOptions & { ip: string }) {
  const now = options.now ?? new Date();
  const counted: Counted = [];
  for (const [rule, subject] of limitsFor(options)) {
    const count = await countAttempt(db, rule, subject, now);
    counted.push([rule, subject]);
    if (!count.admitted) {
      await refund(db, counted.slice(0, -1));
      throw new TooManyRequestsError(rule.message, count.retryAfterSeconds);
    }
  }
  try {
    return await createBooking(db, { ...options, now });
  } catch (error) {
    if (error instanceof DomainError) await refund(db, counted);
    throw error;
  }
}

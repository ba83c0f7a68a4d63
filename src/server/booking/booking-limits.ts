import type { Db } from "@/server/db";
import { LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { enforceLimits, sweepNowAndThen, type LimitRule } from "@/server/auth/rate-limit";
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

/**
 * The entry to booking from outside (REST and the wizard). The attempt is counted first in the
 * booking's own transaction: a booking then refused (a full slot, a limit reached) rolls its count
 * back with it, so an honest visitor who tries a few slots is not held up, and a booking costs no
 * commit of its own for its counters. Attempts on one counter queue on its row until the one before
 * commits, so racing attempts cannot all read "below the limit". Input refused before the
 * transaction (a date out of range, a ZIP we do not serve) is never counted.
 */
export async function bookWithinLimits(db: Db, options: CreateBookingOptions & { ip: string }) {
  const now = options.now ?? new Date();
  const counted = limitsFor(options);
  await sweepNowAndThen(db, now);
  return createBooking(db, {
    ...options,
    now,
    admit: (tx) => enforceLimits(tx, counted, now, { sweep: false }),
  });
}

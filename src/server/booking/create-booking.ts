import { businessInstant, type DateString } from "@/lib/business-time";
import { bookingPrice, DEFAULT_LAWN_SIZE_SQ_FT } from "@/lib/pricing";
import type { ScheduleStatus } from "@/lib/schedule-enums";
import { isServicedZip, SERVICE_AREA_MESSAGES } from "@/lib/service-area";
import { isBookableDate, latestBookableDate, slotsForDate } from "@/lib/slots";
import { BOOKING_MESSAGES, lawnSizeIssue, type TCreateBookingRequest } from "@/lib/validation/booking";
import { findOrCreateCustomer, normalizeEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { schedules } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { postgresErrorCode, violatedConstraint } from "@/server/db/errors";
import { findService, type ServiceRow } from "@/server/services/list-services";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { newBookingReference } from "./booking-reference";
import { EVERY_CREW_TAKEN, lockDayAndCount, placeVisitOrRefuse } from "@/server/schedules/crew-capacity";
import { emit } from "@/server/events/emit";
import { transactionCommittedWithLast } from "@/server/cache/announced-transaction";
import { runStatement, tableRowOf } from "@/server/db/statement";
import { settledTogether } from "@/server/db/settled-together";
import { requireTextNumber } from "@/server/texts/text-number";
import { recordBookingTextConsent } from "./booking-text-consent";

export const SLOT_TAKEN_MESSAGE = "That time slot is no longer available";
export const DATE_NOT_BOOKABLE_MESSAGE = BOOKING_MESSAGES.dateNotBookable;

const REFERENCE_ATTEMPTS = 5;

/** The watched tables a booking writes (the text-consent record included), announced once it commits. */
export const BOOKING_WRITES = ["customers", "schedules", "visits"] as const;

export interface CreateBookingOptions {
  /** The parsed request; `textConsent` may be left out by callers that never ask (false). */
  request: Omit<TCreateBookingRequest, "textConsent"> & { textConsent?: boolean };
  /** The signed-in customer: their booking joins their own account, whatever email was typed. */
  signedInCustomerId?: number | null;
  now?: Date;
  /** Run first in the booking's transaction (the limits per address and email): what it writes commits or rolls back with the booking. */
  admit?: (tx: Db) => Promise<void>;
}

/**
 * Re-checks every rule of the wizard, prices the visit on the server and creates a
 * pending schedule for it, refusing a slot whose crews are all taken (docs/product-rules.md#booking-and-slots).
 */
export async function createBooking(db: Db, options: CreateBookingOptions) {
  const { request, signedInCustomerId = null, now = new Date() } = options;
  const service = await findService(db, request.serviceId);
  if (!service || !service.isActive) throw new InvalidInputError(BOOKING_MESSAGES.service, "serviceId");
  checkServiceArea(service, request.zipCode);
  checkDateAndSlot(request.date, request.timeSlot, now);

  const lawnSizeSqFt = lawnSizeFor(service, request.lawnSizeSqFt);
  const price = bookingPrice(service, { lawnSizeSqFt, isRecurring: request.isRecurring });
  const startTime = businessInstant(request.date, request.timeSlot);
  const endTime = new Date(startTime.getTime() + service.duration * 60_000);
  // A ticked "Text me" needs a phone that can take texts, whoever the booking turns out to be for.
  const textNumber = request.textConsent ? requireTextNumber(request.phone) : null;

  const book = () =>
    transactionCommittedWithLast(db, BOOKING_WRITES, async (tx) => {
      // Two round trips after the begin, the commit going with the second for a one-time visit (one
      // more when "Text me" is ticked): what does not wait for an answer is sent together, and
      // statements sent on one transaction run in the order they were issued. First: the limits, the
      // customer and the plan's id (drawn now so that the plan, its job and its visit can go in one
      // round trip after).
      const { fullName, email, phone, address, city, state, zipCode } = request;
      const admitted = options.admit?.(tx);
      const customer = signedInCustomerId
        ? { customerId: signedInCustomerId, created: false }
        : findOrCreateCustomer(tx, { fullName, email, phone, address, city, state, zipCode }, "booking");
      const [, { customerId, created }, scheduleId] = await settledTogether([admitted, customer, nextPlanId(tx)]);
      if (textNumber) {
        await recordBookingTextConsent(tx, { customerId, number: textNumber, signedIn: signedInCustomerId !== null, created });
      }

      // A signed-in booking is the account's own; one made without signing in records the email and
      // name typed, and joins an account only by the ownership rule (docs/product-rules.md#who-owns-a-visit).
      const bookedBy = signedInCustomerId
        ? ({ bookedVia: "account" } as const)
        : ({ bookedVia: "website", bookedEmail: normalizeEmail(email), bookedName: fullName } as const);
      const plan: BookedPlan = {
        ...bookedBy,
        id: scheduleId,
        bookingReference: newBookingReference(),
        customerId,
        serviceId: service.id,
        startTime,
        endTime,
        isRecurring: request.isRecurring,
        // Open-ended series: staff set an end date when the customer stops.
        recurringFrequency: request.isRecurring ? (request.recurringFrequency ?? null) : null,
        lawnSizeSqFt,
        totalPrice: price.total,
        specialInstructions: request.specialInstructions || null,
        address: request.address,
        city: request.city,
        state: request.state,
        zipCode: request.zipCode,
      };
      // The booking as the plan's row will hold it, built from the values sent: the job and the answer carry it.
      const booking = {
        bookingReference: plan.bookingReference,
        scheduleId,
        status: PLAN_STATUS,
        service: { id: service.id, name: service.name, duration: service.duration },
        date: request.date,
        timeSlot: request.timeSlot,
        startTime,
        endTime,
        isRecurring: plan.isRecurring,
        recurringFrequency: plan.recurringFrequency,
        lawnSizeSqFt,
        servicePrice: price.servicePrice,
        recurringDiscount: price.recurringDiscount,
        totalPrice: plan.totalPrice,
        address: request.address,
        city: request.city,
        state: request.state,
        zipCode: request.zipCode,
        specialInstructions: plan.specialInstructions,
      };

      // Second: the plan, its announcement's job, and the day's lock with the count (and, for a
      // one-time visit, the visit itself when a crew is free), in that order. The confirmation, the
      // office's notice and the webhook are made by the job after the commit; the job commits with the
      // booking, or not at all. Bookings for one Austin date wait for each other at the lock, so the
      // count cannot be overtaken by a booking racing for the same last place (read-then-write is safe
      // under the lock), and the count sees every booking committed while this one waited. Held from
      // there to the commit: the count, the visit rows. Other dates never wait. A recurring booking is
      // checked for its first visit only: later visits fall on other dates, and staff resolve a clash
      // there by moving that one visit. When every crew is taken the plan and the job go with the rest.
      // A one-time visit is refused by the database itself (migration 0041), which ends the
      // transaction: its three statements then go with the COMMIT, and the day's lock is held for no
      // trip back here (transactionCommittedWithLast). A series' visits are planned here from its row.
      const inserted = insertSchedule(tx, plan);
      const announced = emit(tx, { type: "booking.created", customerId, booking, typed: signedInCustomerId ? null : { fullName, phone } });
      if (!plan.isRecurring) {
        return { value: booking, last: [inserted, announced, placeVisitOrRefuse(tx, plan, "booked")] };
      }
      const counting = lockDayAndCount(tx, request.date, { start: startTime, end: endTime });
      const [series, , { busy, capacity }] = await settledTogether([inserted, announced, counting]);
      if (busy >= capacity) throw new ConflictError(SLOT_TAKEN_MESSAGE);
      if (series) await createPlanVisits(tx, series, "booked", now);
      return { value: booking, last: [] };
    });

  // A reference already taken (one chance in hundreds of millions) undoes the attempt, which is
  // made again whole with a new one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await book();
    } catch (error) {
      if (postgresErrorCode(error) === EVERY_CREW_TAKEN) throw new ConflictError(SLOT_TAKEN_MESSAGE);
      if (attempt >= REFERENCE_ATTEMPTS || violatedConstraint(error) !== BOOKING_REFERENCE_UNIQUE) throw error;
    }
  }
}

function checkServiceArea(service: ServiceRow, zipCode: string) {
  const offeredHere = !service.availableZipCodes?.length || service.availableZipCodes.includes(zipCode);
  if (!isServicedZip(zipCode) || !offeredHere) throw new InvalidInputError(SERVICE_AREA_MESSAGES.notServiced, "zipCode");
}

/** Bookable from tomorrow (Austin) to 12 months ahead, on the hour from 9:00 to 17:00 (docs/product-rules.md#booking-and-slots). */
function checkDateAndSlot(date: DateString, timeSlot: string, now: Date) {
  if (!isBookableDate(date, now)) throw new InvalidInputError(DATE_NOT_BOOKABLE_MESSAGE, "date");
  if (date > latestBookableDate(now)) throw new InvalidInputError(BOOKING_MESSAGES.dateTooFar, "date");
  if (!slotsForDate(date, now).some((slot) => slot === timeSlot)) {
    throw new InvalidInputError(BOOKING_MESSAGES.timeSlot, "timeSlot");
  }
}

/** Only per-sq-ft services use the lawn size (default 1000, minimum 100). */
function lawnSizeFor(service: ServiceRow, requested: number | null | undefined): number | null {
  if (service.pricePerSqFt === null) return null;
  const issue = lawnSizeIssue(requested);
  if (issue) throw new InvalidInputError(issue, "lawnSizeSqFt");
  return requested ?? DEFAULT_LAWN_SIZE_SQ_FT;
}

/** The plan's id, drawn ahead of its insert so that the plan, its job and its visit go together. */
const NEXT_PLAN_ID = "select nextval('schedules_id_seq')::integer as id";

async function nextPlanId(tx: Db): Promise<number> {
  const [row] = await runStatement<{ id: number }>(tx, NEXT_PLAN_ID, []);
  return row!.id;
}

/** A new plan waits for the office to confirm it. */
const PLAN_STATUS: ScheduleStatus = "pending";
/** The unique index a booking reference already taken breaks. */
const BOOKING_REFERENCE_UNIQUE = "schedules_bookingReference_unique";

/**
 * The booked plan's insert, written as one text rather than assembled by Drizzle's builder on every
 * booking (bench/RESULTS.md, issue 42). An empty booked email is filled with the customer's by the
 * table's trigger (drizzle/0011_ownership.sql). A reference already taken fails the statement.
 */
const INSERT_BOOKED_PLAN = `insert into schedules (id, customer_id, service_id, date, start_time, end_time, status, is_recurring,
  recurring_frequency, recurring_end_date, lawn_size_sq_ft, total_price, special_instructions, address, city, state, zip_code,
  booked_via, booked_email, booked_name, booking_reference)
values ($20::integer, $1::integer, $2::integer, $3::timestamptz, $4::timestamptz, $5::timestamptz, $6::text, $7::boolean,
  $8::text, null, $9::integer, $10::integer, $11::text, $12::text, $13::text, $14::text, $15::text,
  $16::text, coalesce($17::text, ''), $18::text, $19::text)`;
/** A series' plan is read back for its visits; a one-time plan's visit is placed from the values sent. */
const INSERT_BOOKED_SERIES = `${INSERT_BOOKED_PLAN}\nreturning *`;

interface BookedPlan {
  id: number;
  bookingReference: string;
  bookedVia: "account" | "website";
  bookedEmail?: string;
  bookedName?: string;
  customerId: number;
  serviceId: number;
  startTime: Date;
  endTime: Date;
  isRecurring: boolean;
  recurringFrequency: TCreateBookingRequest["recurringFrequency"] | null;
  lawnSizeSqFt: number | null;
  totalPrice: number;
  specialInstructions: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

/** Inserts the plan; a series' plan comes back as its row (for its visits), a one-time plan as null. */
async function insertSchedule(tx: Db, plan: BookedPlan) {
  const [row] = await runStatement<Record<string, unknown>>(tx, plan.isRecurring ? INSERT_BOOKED_SERIES : INSERT_BOOKED_PLAN, [
    plan.customerId,
    plan.serviceId,
    plan.startTime.toISOString(),
    plan.startTime.toISOString(),
    plan.endTime.toISOString(),
    PLAN_STATUS,
    plan.isRecurring,
    plan.recurringFrequency,
    plan.lawnSizeSqFt,
    plan.totalPrice,
    plan.specialInstructions,
    plan.address,
    plan.city,
    plan.state,
    plan.zipCode,
    plan.bookedVia,
    plan.bookedEmail ?? null,
    plan.bookedName ?? null,
    plan.bookingReference,
    plan.id,
  ]);
  return row ? tableRowOf(schedules, row) : null;
}

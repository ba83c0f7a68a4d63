import type { Db } from "@/server/db";
import { enqueueJob } from "@/server/jobs/job-queue";
import { announceBookingQueue } from "./booking-announcement";
import type { AnnouncedBooking, BookingAnnouncementJob } from "./booking-announcement";

export type { AnnouncedBooking, BookingAnnouncementJob } from "./booking-announcement";
import { sendEmail } from "@/server/email/send-email";
import { emitWebhookEvent } from "@/server/webhooks/events";
import { bookingConfirmationEmail, type ConfirmedBooking } from "@/server/email/templates/customer";
import { getNotificationSettings } from "./settings";
import type { TNotificationSettings } from "@/lib/validation/notifications";
import { settledTogether } from "@/server/db/settled-together";
import { newBookingStaffEmail, newInquiryStaffEmail } from "@/server/email/templates/staff";
import { noticeOfficeOfMessage } from "./office-message-notice";
import { addressedTo, findRecipientRecord, type RecipientRecord } from "./recipients";
import { noticeRecorded, notifyCustomer } from "./notify-customer";
import { bookingConfirmationText } from "@/server/texts/notice-texts";
import { planContact, type PlanContact } from "@/server/ownership/ownership";
import type { EventOf } from "@/server/events/emit";

/**
 * Who is told when something happens: subscribers of the domain events (src/server/app/subscribers.ts).
 * Each runs inside the transaction of what it announces, so the emails and webhook deliveries exist
 * exactly when the booking, message or inquiry does; the job queue sends them afterwards. A booking
 * is the exception that keeps the rule: its transaction adds one job (`queueBookingAnnouncement`),
 * which exists exactly when the booking does, and the job makes the announcement after the commit,
 * so the day's capacity lock is held only for the check and the rows.
 */

async function customerById(db: Db, id: number) {
  const customer = await findRecipientRecord(db, id);
  if (!customer) throw new Error(`Customer ${id} not found`);
  return customer;
}

/** What a booking's announcement reads before it writes anything, read in one round trip. */
interface AnnouncementFacts {
  /** The confirmation was recorded already: the job ran before and lost its completion. */
  announced: boolean;
  record: RecipientRecord | null;
  contact: PlanContact | null;
  settings: TNotificationSettings;
}

function readAnnouncementFacts(db: Db, customerId: number, booking: { bookingReference: string; scheduleId: number }) {
  return settledTogether([
    noticeRecorded(db, bookingConfirmationKey(booking.bookingReference)),
    findRecipientRecord(db, customerId),
    planContact(db, booking.scheduleId),
    getNotificationSettings(db),
  ]).then(([announced, record, contact, settings]): AnnouncementFacts => ({ announced, record, contact, settings }));
}

/**
 * A booking from the website: the customer's confirmation, the office's notice and `booking.created`,
 * written together (their statements share round trips). Each names whom the ownership rule names
 * (docs/product-rules.md#who-owns-a-visit): a booking made without signing in under an account's
 * email is addressed to the name typed on it until the account owner confirms it, and the office
 * sees the name typed (`typed`, null for a signed-in booking).
 */
async function announceBooking(
  tx: Db,
  customerId: number,
  booking: AnnouncedBooking,
  typed: { fullName: string; phone: string } | null,
  { record, contact, settings }: AnnouncementFacts,
) {
  if (!record) throw new Error(`Customer ${customerId} not found`);
  const recipient = addressedTo(record, contact);
  // Someone booking under an account's email without signing in gave the phone they typed.
  const customer = { ...recipient, id: customerId, phone: contact?.ofRecord === false ? (typed?.phone ?? null) : recipient.phone };
  const awaitingOwner = contact?.awaitingOwner ?? false;
  const office = typed ? { ...customer, fullName: typed.fullName, phone: typed.phone } : customer;
  const confirmed: ConfirmedBooking = {
    reference: booking.bookingReference,
    serviceName: booking.service.name,
    startTime: booking.startTime,
    endTime: booking.endTime,
    address: booking.address,
    city: booking.city,
    state: booking.state,
    zipCode: booking.zipCode,
    totalPrice: booking.totalPrice,
    isRecurring: booking.isRecurring,
    recurringFrequency: booking.recurringFrequency,
  };
  const confirmation = notifyCustomer(
    tx,
    customer,
    {
      email: bookingConfirmationEmail(customer, confirmed, { awaitingOwner }),
      // A booking waiting for its owner is not texted: the number that agreed to texts is the account
      // owner's, who did not make it, and only the email can say how to claim it ("This is mine").
      text: awaitingOwner
        ? undefined
        : bookingConfirmationText({ reference: booking.bookingReference, serviceName: booking.service.name, startTime: booking.startTime }),
    },
    { idempotencyKey: bookingConfirmationKey(booking.bookingReference) },
  );
  const officeNotice = settings.notifyNewBooking
    ? sendEmail(tx, newBookingStaffEmail(settings.officeEmail, office, confirmed), {
        idempotencyKey: `staff-new-booking:${booking.bookingReference}`,
      })
    : null;
  const webhook = emitWebhookEvent(tx, "booking.created", {
    booking: {
      reference: booking.bookingReference,
      scheduleId: booking.scheduleId,
      status: booking.status,
      service: { id: booking.service.id, name: booking.service.name },
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
      isRecurring: booking.isRecurring,
      recurringFrequency: booking.recurringFrequency,
      totalPrice: booking.totalPrice,
      specialInstructions: booking.specialInstructions,
      address: booking.address,
      city: booking.city,
      state: booking.state,
      zipCode: booking.zipCode,
      customer: { id: customer.id, fullName: customer.fullName, email: customer.email, phone: customer.phone },
    },
  });
  await settledTogether([confirmation, officeNotice, webhook]);
}

const bookingConfirmationKey = (reference: string) => `booking-confirmation:${reference}`;

/** The booking's fields the job carries as they are; the times travel as ISO text, the service as its id and name. */
const CARRIED_FIELDS = [
  "bookingReference",
  "scheduleId",
  "status",
  "isRecurring",
  "recurringFrequency",
  "totalPrice",
  "specialInstructions",
  "address",
  "city",
  "state",
  "zipCode",
] as const satisfies ReadonlyArray<keyof AnnouncedBooking>;

/**
 * Adds the booking's announcement to the queue on `tx`, the booking's transaction: the job exists
 * exactly when the booking does, and its emails and webhook are made after the commit.
 */
export async function queueBookingAnnouncement(tx: Db, { customerId, booking, typed }: EventOf<"booking.created">) {
  const carried = Object.fromEntries(CARRIED_FIELDS.map((field) => [field, booking[field]])) as Pick<
    AnnouncedBooking,
    (typeof CARRIED_FIELDS)[number]
  >;
  const data: BookingAnnouncementJob = {
    customerId,
    booking: {
      ...carried,
      service: { id: booking.service.id, name: booking.service.name },
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
    },
    typed,
  };
  await enqueueJob(tx, announceBookingQueue, data);
}

/**
 * The announcement job's work: the emails and the webhook event of one booking, in one transaction.
 * A job tried again after its announcement committed (its completion was lost) finds the
 * confirmation's idempotency key taken, by email or by text, and does nothing, so nothing is
 * announced twice.
 */
export async function announceQueuedBooking(db: Db, job: BookingAnnouncementJob): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await readAnnouncementFacts(tx, job.customerId, job.booking);
    if (facts.announced) return;
    const booking = { ...job.booking, startTime: new Date(job.booking.startTime), endTime: new Date(job.booking.endTime) };
    await announceBooking(tx, job.customerId, booking, job.typed, facts);
  });
}

/** A new customer record, however it came to be. */
export async function announceCustomerCreated(db: Db, { customerId, source }: EventOf<"customer.created">) {
  await emitWebhookEvent(db, "customer.created", async () => {
    const customer = await customerById(db, customerId);
    return {
      customer: {
        id: customer.id,
        fullName: customer.fullName,
        email: customer.email,
        phone: customer.phone,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        zipCode: customer.zipCode,
        source,
        createdAt: customer.createdAt.toISOString(),
      },
    };
  });
}

/** A customer's message, from the portal or by text: the office's notice and `message.received`. */
export async function announcePortalMessage(db: Db, { customerId, message }: EventOf<"message.received">) {
  const customer = await customerById(db, customerId);
  const settings = await getNotificationSettings(db);
  if (settings.notifyNewMessage) await noticeOfficeOfMessage(db, settings.officeEmail, customer, message);
  await emitWebhookEvent(db, "message.received", {
    message: {
      id: message.id,
      source: message.channel === "text" ? "text" : "portal",
      customerId: customer.id,
      name: customer.fullName,
      email: customer.email,
      content: message.content,
      receivedAt: message.timestamp.toISOString(),
    },
  });
}

/** An inquiry, from the website or a text from an unknown number: the office's notice and `message.received`. */
export async function announceInquiry(db: Db, { inquiry }: EventOf<"inquiry.received">) {
  const settings = await getNotificationSettings(db);
  if (settings.notifyNewInquiry) {
    await sendEmail(db, newInquiryStaffEmail(settings.officeEmail, inquiry), { idempotencyKey: `staff-new-inquiry:${inquiry.id}` });
  }
  await emitWebhookEvent(db, "message.received", {
    message: {
      id: inquiry.id,
      source: inquiry.source,
      customerId: inquiry.customerId,
      name: inquiry.name,
      email: inquiry.email,
      content: inquiry.message,
      receivedAt: inquiry.createdAt.toISOString(),
    },
  });
}

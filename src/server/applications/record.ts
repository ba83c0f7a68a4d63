import { eq } from "drizzle-orm";
import { businessDateOf, businessToday } from "@/lib/business-time";
import { formatPostalAddress } from "@/lib/postal-address";
import { APPLICATION_MESSAGES, type TApplicationInput } from "@/lib/validation/applications";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { applicationRecordProducts, applicationRecords, customers } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";
import type { PlanContact } from "@/server/ownership/ownership";
import { authorName, resolveApplicator, type ApplicationAuthor } from "./author";
import { recordContent, type RecordContent, type RecordParties } from "./content";
import { emit } from "@/server/events/emit";
import { isTreatmentService, originalRecordIdOf } from "./treatment";

/**
 * The visit being completed, as the schedule reads it (src/server/schedules/visits.ts); this folder
 * sits below the schedule's, so it names only what it needs.
 */
export interface CompletingVisit {
  id: number;
  customerId: number;
  serviceId: number | null;
  startTime: Date;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  customer: { fullName: string };
  contact: PlanContact;
}

/** A record sent with a completion, and who sends it. */
export interface ApplicationSubmission {
  input: TApplicationInput;
  author: ApplicationAuthor;
}

/**
 * The one rule every completion goes through (changeVisitStatus, and so the crew's phone; a
 * one-time plan saved as done): a treatment visit is completed with its record, written in the same
 * transaction, or with the record it already has (it was completed before and reopened). The
 * customer's notice goes to the outbox with it, so a completion that fails tells nobody.
 */
export async function recordOnCompletion(
  tx: Db,
  visit: CompletingVisit,
  submission: ApplicationSubmission | undefined,
  now: Date,
): Promise<void> {
  const treatment = await isTreatmentService(tx, visit.serviceId);
  if (!treatment) {
    if (submission) throw new InvalidInputError(APPLICATION_MESSAGES.notTreatment, "application");
    return;
  }
  if (!submission) {
    if ((await originalRecordIdOf(tx, visit.id)) === null) throw new InvalidInputError(APPLICATION_MESSAGES.recordFirst, "application");
    return;
  }
  const recordId = await recordApplication(tx, visit, submission, now);
  await emit(tx, { type: "application.recorded", recordId, contact: visit.contact, now });
}

/** A treatment plan saved straight to completed (a one-time visit) must have its record already. */
export async function assertRecordedBeforeSave(tx: Db, visitId: number | null, serviceId: number | null): Promise<void> {
  if (!(await isTreatmentService(tx, serviceId))) return;
  if (visitId === null || (await originalRecordIdOf(tx, visitId)) === null)
    throw new InvalidInputError(APPLICATION_MESSAGES.recordFirst, "status");
}

/**
 * The Austin day of an application done at a visit: the visit's day when it is completed late,
 * else today (a visit done early was done today).
 */
function applicationDay(visit: CompletingVisit, now: Date) {
  const today = businessToday(now);
  const visitDay = businessDateOf(visit.startTime);
  return visitDay < today ? { appliedOn: visitDay, appliedAt: visit.startTime } : { appliedOn: today, appliedAt: now };
}

/** Writes a visit's original record: the customer, the addresses and every license as they stand today. */
export async function recordApplication(
  tx: Db,
  visit: CompletingVisit,
  { input, author }: ApplicationSubmission,
  now: Date,
): Promise<number> {
  const { appliedOn, appliedAt } = applicationDay(visit, now);
  const applicator = await resolveApplicator(tx, author, input.applicatorStaffUserId);
  const content = await recordContent(tx, input, applicator, appliedOn);
  const [customer] = await tx.select().from(customers).where(eq(customers.id, visit.customerId));
  const parties: RecordParties = {
    visitId: visit.id,
    customerId: visit.customerId,
    customerName: customer?.fullName ?? visit.customer.fullName,
    billingAddress: customer ? formatPostalAddress(customer) : "",
    // A visit is at its own address, or at the customer's when it has none, as on the crew's stop.
    serviceAddress: formatPostalAddress(visit.address ? visit : (customer ?? { address: null })),
  };
  try {
    return await insertRecord(tx, { parties, content, appliedOn, appliedAt, author, amends: null });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(APPLICATION_MESSAGES.alreadyRecorded);
    throw error;
  }
}

export interface RecordWrite {
  parties: RecordParties;
  content: RecordContent;
  appliedOn: string;
  appliedAt: Date;
  author: ApplicationAuthor;
  amends: { recordId: number; reason: string } | null;
}

export async function insertRecord(tx: Db, write: RecordWrite): Promise<number> {
  const [record] = await tx
    .insert(applicationRecords)
    .values({
      ...write.parties,
      ...write.content.fields,
      appliedOn: write.appliedOn,
      appliedAt: write.appliedAt,
      amendsRecordId: write.amends?.recordId ?? null,
      amendmentReason: write.amends?.reason ?? null,
      recordedVia: write.author.via,
      recordedByStaffUserId: write.author.staffUserId,
      recordedByName: await authorName(tx, write.author),
    })
    .returning({ id: applicationRecords.id });
  await tx.insert(applicationRecordProducts).values(write.content.products.map((product) => ({ ...product, recordId: record!.id })));
  return record!.id;
}

import { eq } from "drizzle-orm";
import { businessToday } from "@/lib/business-time";
import { APPLICATION_MESSAGES, type TAmendmentInput, type TApplicationInput } from "@/lib/validation/applications";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { applicationRecordProducts, applicationRecords } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { resolveApplicator, type ApplicationAuthor } from "./author";
import { recordContent } from "./content";
import { whileKept } from "./kept";
import { findRecordRow, getApplication, type ApplicationRecord } from "./read";
import { insertRecord } from "./record";

type RecordRow = typeof applicationRecords.$inferSelect;

/**
 * A crew member touches only the records they wrote down, of their crew's visits; a crew's API key,
 * the ones written through the API (others read as not found).
 */
async function recordFor(db: Db, id: number, author: ApplicationAuthor): Promise<RecordRow> {
  const row = await findRecordRow(db, id, author.crewId === null ? undefined : { crewId: author.crewId });
  const theirs = author.staffUserId === null ? row.recordedVia === "api" : row.recordedByStaffUserId === author.staffUserId;
  if (author.crewId !== null && !theirs) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
  return row;
}

/** The applicator of a correction: as sent, else the record's own (a crew member is always their own). */
function applicatorOf(tx: Db, author: ApplicationAuthor, input: TApplicationInput, row: RecordRow) {
  return resolveApplicator(tx, author, input.applicatorStaffUserId ?? (author.crewId === null ? row.applicatorStaffUserId : null));
}

/**
 * On its Austin day a record is corrected in place, by whoever wrote it down or the office; after
 * that only by an amendment (the database refuses the change too). A record already amended stands
 * corrected by its amendment, so it is not edited either.
 */
export async function editApplication(
  db: Db,
  id: number,
  input: TApplicationInput,
  author: ApplicationAuthor,
  now = new Date(),
): Promise<ApplicationRecord> {
  return db.transaction(async (tx) => {
    const row = await recordFor(tx, id, author);
    if (row.appliedOn !== businessToday(now)) throw new ConflictError(APPLICATION_MESSAGES.afterItsDay);
    const [amendment] = await tx
      .select({ id: applicationRecords.id })
      .from(applicationRecords)
      .where(eq(applicationRecords.amendsRecordId, id));
    if (amendment) throw new ConflictError(APPLICATION_MESSAGES.alreadyAmended);
    const applicator = await applicatorOf(tx, author, input, row);
    const content = await recordContent(tx, input, applicator, row.appliedOn);
    await whileKept(async () => {
      await tx.update(applicationRecords).set(content.fields).where(eq(applicationRecords.id, id));
      await tx.delete(applicationRecordProducts).where(eq(applicationRecordProducts.recordId, id));
      await tx.insert(applicationRecordProducts).values(content.products.map((product) => ({ ...product, recordId: id })));
    });
    return getApplication(tx, id);
  });
}

/**
 * A correction: a new record with the full corrected content, why, and who, amending the latest
 * version; the original and its day stay as they were. The names and addresses are the original's:
 * they are how things stood on the day of the application.
 */
export async function amendApplication(db: Db, id: number, input: TAmendmentInput, author: ApplicationAuthor): Promise<ApplicationRecord> {
  return db.transaction(async (tx) => {
    const row = await recordFor(tx, id, author);
    const [already] = await tx
      .select({ id: applicationRecords.id })
      .from(applicationRecords)
      .where(eq(applicationRecords.amendsRecordId, id));
    if (already) throw new ConflictError(APPLICATION_MESSAGES.alreadyAmended);
    const applicator = await applicatorOf(tx, author, input, row);
    const content = await recordContent(tx, input, applicator, row.appliedOn);
    const { visitId, customerId, customerName, billingAddress, serviceAddress } = row;
    try {
      const amendmentId = await insertRecord(tx, {
        parties: { visitId, customerId, customerName, billingAddress, serviceAddress },
        content,
        appliedOn: row.appliedOn,
        appliedAt: row.appliedAt,
        author,
        amends: { recordId: id, reason: input.reason },
      });
      return getApplication(tx, amendmentId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(APPLICATION_MESSAGES.alreadyAmended);
      throw error;
    }
  });
}

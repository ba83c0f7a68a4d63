import { asc, eq, inArray } from "drizzle-orm";
import { rateFromThousandths } from "@/lib/products";
import { APPLICATION_MESSAGES } from "@/lib/validation/applications";
import type { Db } from "@/server/db";
import { applicationRecordProducts, applicationRecords, enrollmentRounds, visits } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { originalRecordIdOf } from "./treatment";

type RecordRow = typeof applicationRecords.$inferSelect;
type ProductRow = typeof applicationRecordProducts.$inferSelect;

function toAppliedProduct(row: ProductRow) {
  return {
    productId: row.productId,
    productName: row.productName,
    epaRegistrationNumber: row.epaRegistrationNumber,
    unit: row.unit,
    amount: row.amountThousandths === null ? null : rateFromThousandths(row.amountThousandths),
    ratePer1000SqFt: row.rateThousandths === null ? null : rateFromThousandths(row.rateThousandths),
    mixingRate: row.mixingRate,
    totalMix: row.totalMix,
  };
}

function toApplicationRecord(row: RecordRow, products: ProductRow[]) {
  return {
    id: row.id,
    visitId: row.visitId === null ? null : String(row.visitId),
    customerId: row.customerId,
    amendsRecordId: row.amendsRecordId,
    amendmentReason: row.amendmentReason,
    appliedOn: row.appliedOn,
    appliedAt: row.appliedAt.toISOString(),
    customerName: row.customerName,
    billingAddress: row.billingAddress,
    serviceAddress: row.serviceAddress,
    areaTreatedSqFt: row.areaTreatedSqFt,
    targetPest: row.targetPest,
    windSpeedMph: row.windSpeedMph,
    windDirection: row.windDirection,
    temperatureF: row.temperatureF,
    applicatorStaffUserId: row.applicatorStaffUserId,
    applicatorName: row.applicatorName,
    applicatorLicenseType: row.applicatorLicenseType,
    applicatorLicenseNumber: row.applicatorLicenseNumber,
    supervisorName: row.supervisorName,
    supervisorLicenseNumber: row.supervisorLicenseNumber,
    businessLicenseNumber: row.businessLicenseNumber,
    recordedVia: row.recordedVia,
    recordedByStaffUserId: row.recordedByStaffUserId,
    recordedByName: row.recordedByName,
    createdAt: row.createdAt.toISOString(),
    products: products.map(toAppliedProduct),
  };
}
export type ApplicationRecord = ReturnType<typeof toApplicationRecord>;

async function withProducts(db: Db, rows: RecordRow[]): Promise<ApplicationRecord[]> {
  if (rows.length === 0) return [];
  const products = await db
    .select()
    .from(applicationRecordProducts)
    .where(
      inArray(
        applicationRecordProducts.recordId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(applicationRecordProducts.id));
  return rows.map((row) =>
    toApplicationRecord(
      row,
      products.filter((product) => product.recordId === row.id),
    ),
  );
}

/** The crew a record's visit belongs to, for the crew's "their crew's visits" rule. */
async function crewOfVisit(db: Db, visitId: number | null): Promise<number | null> {
  if (visitId === null) return null;
  const [visit] = await db.select({ crewId: visits.crewId }).from(visits).where(eq(visits.id, visitId));
  return visit?.crewId ?? null;
}

/** A record row for a caller: another crew's record reads as not found, as field actions do. */
export async function findRecordRow(db: Db, id: number, crewScope?: { crewId: number }): Promise<RecordRow> {
  const [row] = await db.select().from(applicationRecords).where(eq(applicationRecords.id, id));
  if (!row) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
  if (crewScope && (await crewOfVisit(db, row.visitId)) !== crewScope.crewId) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
  return row;
}

export async function getApplication(db: Db, id: number, crewScope?: { crewId: number }): Promise<ApplicationRecord> {
  const [record] = await withProducts(db, [await findRecordRow(db, id, crewScope)]);
  return record!;
}

/** The amendments of an original, oldest first: each corrects the one before; the last stands. */
async function amendmentChain(db: Db, originalId: number): Promise<RecordRow[]> {
  const chain: RecordRow[] = [];
  let currentId = originalId;
  for (;;) {
    const [next] = await db.select().from(applicationRecords).where(eq(applicationRecords.amendsRecordId, currentId));
    if (!next) return chain;
    chain.push(next);
    currentId = next.id;
  }
}

export interface VisitApplication {
  record: ApplicationRecord | null;
  amendments: ApplicationRecord[];
  /** What a new record starts from: the visit's lawn size, and its program round's purpose. */
  prefill: { areaTreatedSqFt: number | null; targetPest: string | null };
}

/** A visit's record and its amendments; a visit that has none answers nulls (404 for no visit, or another crew's). */
export async function getVisitApplication(db: Db, visitId: string, crewScope?: { crewId: number }): Promise<VisitApplication> {
  // A visit's row id, as the crew's day and the schedule name it.
  const id = /^\d{1,9}$/.test(visitId.trim()) ? Number(visitId.trim()) : null;
  const [visit] =
    id === null
      ? []
      : await db
          .select({ id: visits.id, crewId: visits.crewId, lawnSizeSqFt: visits.lawnSizeSqFt, purpose: enrollmentRounds.purpose })
          .from(visits)
          .leftJoin(enrollmentRounds, eq(enrollmentRounds.visitId, visits.id))
          .where(eq(visits.id, id));
  if (!visit || (crewScope && visit.crewId !== crewScope.crewId)) throw new NotFoundError("Visit not found");
  const prefill = { areaTreatedSqFt: visit.lawnSizeSqFt, targetPest: visit.purpose };
  const originalId = await originalRecordIdOf(db, visit.id);
  if (originalId === null) return { record: null, amendments: [], prefill };
  const [original] = await db.select().from(applicationRecords).where(eq(applicationRecords.id, originalId));
  const [record, ...amendments] = await withProducts(db, [original!, ...(await amendmentChain(db, originalId))]);
  return { record: record!, amendments, prefill };
}

import { and, asc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { businessDateOf, businessToday, endOfBusinessDayExclusive, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { CrewProduct, CrewStop, FieldReport } from "@/lib/crew-day";
import { rateFromThousandths } from "@/lib/products";
import { gateCodeIn } from "@/lib/gate-code";
import { formatPostalAddress } from "@/lib/postal-address";
import type { Db } from "@/server/db";
import { isTreatmentCategory } from "@/lib/applications";
import {
  applicationRecords,
  crews,
  customers,
  enrollmentRounds,
  products,
  services,
  visitFieldReports,
  visitPhotos,
  visits,
} from "@/server/db/schema";
import { overlapping } from "@/server/schedules/visits";

export type { CrewProduct, CrewStop, FieldReport };

/** The crew whose day a caller sees: a crew member's own, or the crew the office picked (all crews when none). */
export interface DayScope {
  crewId?: number;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const EMPTY_REPORT: FieldReport = {
  onMyWayAt: null,
  etaMinutes: null,
  startedAt: null,
  completedAt: null,
  completionNote: null,
  problemReason: null,
  problemAt: null,
  photoIds: [],
};

export function toFieldReport(row: typeof visitFieldReports.$inferSelect | null | undefined, photoIds: number[]): FieldReport {
  if (!row) return { ...EMPTY_REPORT, photoIds };
  return {
    onMyWayAt: iso(row.onMyWayAt),
    etaMinutes: row.etaMinutes,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    completionNote: row.completionNote,
    problemReason: row.problemReason,
    problemAt: iso(row.problemAt),
    photoIds,
  };
}

/** Photo ids by visit, oldest first. */
export async function photoIdsOf(db: Db, visitIds: number[]): Promise<Map<number, number[]>> {
  const byVisit = new Map<number, number[]>();
  if (visitIds.length === 0) return byVisit;
  const rows = await db
    .select({ id: visitPhotos.id, visitId: visitPhotos.visitId })
    .from(visitPhotos)
    .where(inArray(visitPhotos.visitId, visitIds))
    .orderBy(asc(visitPhotos.id));
  for (const row of rows) byVisit.set(row.visitId, [...(byVisit.get(row.visitId) ?? []), row.id]);
  return byVisit;
}

function selectStops(db: Db, where: SQL | undefined) {
  return (
    db
      .select({
        visit: visits,
        crewName: crews.name,
        customer: {
          fullName: customers.fullName,
          phone: customers.phone,
          address: customers.address,
          city: customers.city,
          state: customers.state,
          zipCode: customers.zipCode,
        },
        serviceName: services.name,
        serviceCategory: services.category,
        roundPurpose: enrollmentRounds.purpose,
        recordId: applicationRecords.id,
        report: visitFieldReports,
      })
      .from(visits)
      .innerJoin(customers, eq(customers.id, visits.customerId))
      .leftJoin(services, eq(services.id, visits.serviceId))
      .leftJoin(crews, eq(crews.id, visits.crewId))
      .leftJoin(visitFieldReports, eq(visitFieldReports.visitId, visits.id))
      .leftJoin(enrollmentRounds, eq(enrollmentRounds.visitId, visits.id))
      // At most one original record a visit (a unique index), so the join adds no rows.
      .leftJoin(applicationRecords, and(eq(applicationRecords.visitId, visits.id), isNull(applicationRecords.amendsRecordId)))
      .where(where)
      .orderBy(asc(visits.startTime), asc(visits.id))
  );
}

type StopRow = Awaited<ReturnType<typeof selectStops>>[number];

function toCrewStop(
  { visit, crewName, customer, serviceName, serviceCategory, roundPurpose, recordId, report }: StopRow,
  photoIds: number[],
): CrewStop {
  return {
    visitId: String(visit.id),
    version: visit.updatedAt.toISOString(),
    startTime: visit.startTime.toISOString(),
    endTime: visit.endTime.toISOString(),
    status: visit.status,
    crewId: visit.crewId,
    crewName,
    customerName: customer.fullName,
    customerPhone: customer.phone,
    // A visit is at its own address, or at the customer's when it has none, as on the office's route.
    address: formatPostalAddress(visit.address ? visit : customer),
    serviceName,
    notes: visit.notes,
    specialInstructions: visit.specialInstructions,
    gateCode: gateCodeIn(`${visit.specialInstructions ?? ""}\n${visit.notes ?? ""}`),
    report: toFieldReport(report, photoIds),
    treatment: isTreatmentCategory(serviceCategory) ? { lawnSizeSqFt: visit.lawnSizeSqFt, purpose: roundPurpose, recordId } : null,
  };
}

/**
 * A crew's visits of one Austin day in time order, which is the route order once the office has
 * applied a route (docs/product-rules.md#the-crews-phone). Cancelled visits stay listed, so a phone
 * that kept an older copy learns the office cancelled one.
 */
export async function listCrewDay(db: Db, scope: DayScope, date: DateString = businessToday()): Promise<CrewStop[]> {
  const rows = await selectStops(
    db,
    and(
      overlapping(startOfBusinessDay(date), endOfBusinessDayExclusive(date)),
      scope.crewId === undefined ? isNotNull(visits.crewId) : eq(visits.crewId, scope.crewId),
    ),
  );
  const onDay = rows.filter((row) => businessDateOf(row.visit.startTime) === date);
  const photos = await photoIdsOf(
    db,
    onDay.map((row) => row.visit.id),
  );
  return onDay.map((row) => toCrewStop(row, photos.get(row.visit.id) ?? []));
}

/** One stop, whatever its day (the answer of a field action, the office's view of a visit). */
export async function findCrewStop(db: Db, visitId: number): Promise<CrewStop | null> {
  const [row] = await selectStops(db, eq(visits.id, visitId));
  if (!row) return null;
  const photos = await photoIdsOf(db, [visitId]);
  return toCrewStop(row, photos.get(visitId) ?? []);
}

/** The active products as the phone keeps them with the day: a record is written offline from them. */
export async function listCrewProducts(db: Db): Promise<CrewProduct[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.name), asc(products.id));
  return rows.map((product) => ({
    id: product.id,
    name: product.name,
    epaRegistrationNumber: product.epaRegistrationNumber,
    unit: product.unit,
    defaultRate: rateFromThousandths(product.defaultRateThousandths),
    mixingRate: product.mixingRate,
  }));
}

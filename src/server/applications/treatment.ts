import { and, eq, isNull } from "drizzle-orm";
import { isTreatmentCategory } from "@/lib/applications";
import type { Db } from "@/server/db";
import { applicationRecords, services } from "@/server/db/schema";

/** Whether a visit of this service is a treatment: completing it needs its application record. */
export async function isTreatmentService(db: Db, serviceId: number | null): Promise<boolean> {
  if (serviceId === null) return false;
  const [service] = await db.select({ category: services.category }).from(services).where(eq(services.id, serviceId));
  return isTreatmentCategory(service?.category);
}

/** The visit's original record (not an amendment), if it has one. */
export async function originalRecordIdOf(db: Db, visitId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: applicationRecords.id })
    .from(applicationRecords)
    .where(and(eq(applicationRecords.visitId, visitId), isNull(applicationRecords.amendsRecordId)));
  return row?.id ?? null;
}

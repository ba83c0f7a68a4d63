import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { rateFromThousandths, rateToThousandths } from "@/lib/products";
import { PROGRAM_MESSAGES, type TProgramForm } from "@/lib/validation/programs";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { enrollments, products, programRoundProducts, programRounds, programs, services } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";

// Lawn programs staff define and sell for a season (docs/product-rules.md#lawn-programs).

export interface ProgramRound {
  position: number;
  serviceId: number;
  serviceName: string;
  windowStart: string;
  windowEnd: string;
  minDaysSincePrevious: number;
  purpose: string;
  price: number;
  pricePerSqFt: number | null;
  products: Array<{ productId: number; productName: string; unit: string; rate: number }>;
}

export interface Program {
  id: number;
  name: string;
  description: string | null;
  active: boolean;
  rounds: ProgramRound[];
  /** Enrollments of any season and status: a program anyone was enrolled in is retired, never deleted. */
  enrollmentCount: number;
}

async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PROGRAM_MESSAGES.nameTaken);
    throw error;
  }
}

/** The programs with their rounds, active first, by name; `activeOnly` for enrolling. */
export async function listPrograms(db: Db, { activeOnly = false }: { activeOnly?: boolean } = {}): Promise<Program[]> {
  const rows = await db
    .select()
    .from(programs)
    .where(activeOnly ? eq(programs.active, true) : undefined)
    .orderBy(desc(programs.active), asc(programs.name), asc(programs.id));
  return withRounds(db, rows);
}

export async function getProgram(db: Db, id: number): Promise<Program> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id));
  if (!row) throw new NotFoundError(PROGRAM_MESSAGES.notFound);
  return (await withRounds(db, [row]))[0]!;
}

/** Each program's rounds, products and enrollment count, in three statements for any number of programs. */
async function withRounds(db: Db, rows: Array<typeof programs.$inferSelect>): Promise<Program[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [rounds, roundProducts, counts] = await Promise.all([
    db
      .select({ round: programRounds, serviceName: services.name })
      .from(programRounds)
      .innerJoin(services, eq(services.id, programRounds.serviceId))
      .where(inArray(programRounds.programId, ids))
      .orderBy(asc(programRounds.programId), asc(programRounds.position)),
    db
      .select({
        roundId: programRoundProducts.roundId,
        productId: programRoundProducts.productId,
        rateThousandths: programRoundProducts.rateThousandths,
        productName: products.name,
        unit: products.unit,
      })
      .from(programRoundProducts)
      .innerJoin(programRounds, eq(programRounds.id, programRoundProducts.roundId))
      .innerJoin(products, eq(products.id, programRoundProducts.productId))
      .where(inArray(programRounds.programId, ids))
      .orderBy(asc(products.name)),
    db
      .select({ programId: enrollments.programId, value: count() })
      .from(enrollments)
      .where(inArray(enrollments.programId, ids))
      .groupBy(enrollments.programId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    enrollmentCount: counts.find((each) => each.programId === row.id)?.value ?? 0,
    rounds: rounds
      .filter(({ round }) => round.programId === row.id)
      .map(({ round, serviceName }) => ({
        position: round.position,
        serviceId: round.serviceId,
        serviceName,
        windowStart: round.windowStart,
        windowEnd: round.windowEnd,
        minDaysSincePrevious: round.minDaysSincePrevious,
        purpose: round.purpose,
        price: round.price,
        pricePerSqFt: round.pricePerSqFt,
        products: roundProducts
          .filter((product) => product.roundId === round.id)
          .map((product) => ({
            productId: product.productId,
            productName: product.productName,
            unit: product.unit,
            rate: rateFromThousandths(product.rateThousandths),
          })),
      })),
  }));
}

/** Every round's service in the catalogue and every product on the active list, or a plain 400. */
async function assertChoices(db: Db, form: TProgramForm) {
  const serviceIds = [...new Set(form.rounds.map((round) => round.serviceId))];
  const active = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, serviceIds), eq(services.isActive, true)));
  if (active.length !== serviceIds.length) throw new InvalidInputError(PROGRAM_MESSAGES.serviceInactive, "rounds");
  const productIds = [...new Set(form.rounds.flatMap((round) => round.products.map((product) => product.productId)))];
  if (productIds.length === 0) return;
  const listed = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.active, true)));
  if (listed.length !== productIds.length) throw new InvalidInputError(PROGRAM_MESSAGES.productInactive, "rounds");
}

async function writeRounds(tx: Db, programId: number, form: TProgramForm) {
  await tx.delete(programRounds).where(eq(programRounds.programId, programId));
  const inserted = await tx
    .insert(programRounds)
    .values(
      form.rounds.map((round, index) => ({
        programId,
        position: index + 1,
        serviceId: round.serviceId,
        windowStart: round.windowStart,
        windowEnd: round.windowEnd,
        minDaysSincePrevious: round.minDaysSincePrevious,
        purpose: round.purpose,
        price: round.price,
        pricePerSqFt: round.pricePerSqFt,
      })),
    )
    .returning({ id: programRounds.id, position: programRounds.position });
  const productRows = form.rounds.flatMap((round, index) =>
    round.products.map((product) => ({
      roundId: inserted.find((row) => row.position === index + 1)!.id,
      productId: product.productId,
      rateThousandths: rateToThousandths(product.rate),
    })),
  );
  if (productRows.length) await tx.insert(programRoundProducts).values(productRows);
}

export async function addProgram(db: Db, form: TProgramForm): Promise<Program> {
  const id = await db.transaction(async (tx) => {
    await assertChoices(tx, form);
    const [row] = await withUniqueName(() =>
      tx
        .insert(programs)
        .values({ name: form.name, description: form.description || null })
        .returning({ id: programs.id }),
    );
    await writeRounds(tx, row!.id, form);
    return row!.id;
  });
  return getProgram(db, id);
}

/**
 * Saves a program's name, description and rounds. Enrollments copied their rounds when they were
 * made, so a season already sold keeps its windows and prices; new enrollments take these.
 */
export async function updateProgram(db: Db, id: number, form: TProgramForm): Promise<Program> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, id)).for("update");
    if (!row) throw new NotFoundError(PROGRAM_MESSAGES.notFound);
    await assertChoices(tx, form);
    await withUniqueName(() =>
      tx
        .update(programs)
        .set({ name: form.name, description: form.description || null, updatedAt: new Date() })
        .where(eq(programs.id, id)),
    );
    await writeRounds(tx, id, form);
  });
  return getProgram(db, id);
}

/** Retires a program (no one new is enrolled; enrollments carry on) or brings it back. */
export async function setProgramActive(db: Db, id: number, active: boolean): Promise<Program> {
  const [row] = await withUniqueName(() =>
    db.update(programs).set({ active, updatedAt: new Date() }).where(eq(programs.id, id)).returning({ id: programs.id }),
  );
  if (!row) throw new NotFoundError(PROGRAM_MESSAGES.notFound);
  return getProgram(db, id);
}

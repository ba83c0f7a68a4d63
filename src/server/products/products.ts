import { asc, desc, eq } from "drizzle-orm";
import { rateFromThousandths, rateToThousandths } from "@/lib/products";
import { PRODUCT_MESSAGES, type TProductForm } from "@/lib/validation/products";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { products } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";

export type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow) {
  const { defaultRateThousandths, ...rest } = row;
  return { ...rest, defaultRate: rateFromThousandths(defaultRateThousandths) };
}
export type Product = ReturnType<typeof toProduct>;

function columnsOf(form: TProductForm) {
  return {
    name: form.name,
    epaRegistrationNumber: form.epaRegistrationNumber,
    activeIngredients: form.activeIngredients.map(({ name, percent }) => ({ name, percent })),
    unit: form.unit,
    defaultRateThousandths: rateToThousandths(form.defaultRate),
    mixingRate: form.mixingRate || null,
    restrictedUse: form.restrictedUse,
    keepOffAdvice: form.keepOffAdvice || null,
  };
}

/** The unique index on active names (any case) settles two requests racing for one name. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PRODUCT_MESSAGES.nameTaken);
    throw error;
  }
}

/** The products, active ones first then by name; `activeOnly` is the list a crew picks from. */
export async function listProducts(db: Db, { activeOnly = false }: { activeOnly?: boolean } = {}): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(activeOnly ? eq(products.active, true) : undefined)
    .orderBy(desc(products.active), asc(products.name), asc(products.id));
  return rows.map(toProduct);
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  return toProduct(row);
}

export async function addProduct(db: Db, form: TProductForm): Promise<Product> {
  const [row] = await withUniqueName(() => db.insert(products).values(columnsOf(form)).returning());
  return toProduct(row!);
}

export async function updateProduct(db: Db, id: number, form: TProductForm): Promise<Product> {
  const [row] = await withUniqueName(() =>
    db
      .update(products)
      .set({ ...columnsOf(form), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning(),
  );
  if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  return toProduct(row);
}

/**
 * Retires a product (it leaves the list crews pick from) or brings it back. Nothing is deleted:
 * application records keep naming it. Reactivating refuses a name another active product took.
 */
export async function setProductActive(db: Db, id: number, active: boolean): Promise<Product> {
  const [row] = await withUniqueName(() =>
    db.update(products).set({ active, updatedAt: new Date() }).where(eq(products.id, id)).returning(),
  );
  if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  return toProduct(row);
}

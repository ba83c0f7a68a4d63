import { and, eq, inArray } from "drizzle-orm";
import { rateToThousandths, RATE_SCALE } from "@/lib/products";
import { APPLICATION_MESSAGES, type TApplicationInput } from "@/lib/validation/applications";
import type { DateString } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { applicationRecordProducts, applicationRecords, products } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { getBusinessLicense } from "@/server/products/business-license";
import { licenseValidOn } from "@/server/products/licenses";

type RecordRow = typeof applicationRecords.$inferInsert;
type ProductRow = Omit<typeof applicationRecordProducts.$inferInsert, "recordId">;

/** What a record says of the people and places, written when the visit was done. */
export type RecordParties = Pick<RecordRow, "visitId" | "customerId" | "customerName" | "billingAddress" | "serviceAddress">;

/** The §7.144 fields a record's input decides, as they stand on `day`: the applicator's license, the products. */
export interface RecordContent {
  fields: Omit<
    RecordRow,
    | "id"
    | "visitId"
    | "customerId"
    | "customerName"
    | "billingAddress"
    | "serviceAddress"
    | "appliedOn"
    | "appliedAt"
    | "recordedVia"
    | "recordedByStaffUserId"
    | "recordedByName"
    | "amendsRecordId"
    | "amendmentReason"
    | "createdAt"
  >;
  products: ProductRow[];
}

/**
 * Checks and writes down a record's content: the business license number must be set, the
 * applicator's license (and a technician's supervisor's) valid on the day, every product on the
 * active list. Each refusal says what to fix.
 */
export async function recordContent(
  db: Db,
  input: TApplicationInput,
  applicatorStaffUserId: number,
  day: DateString,
): Promise<RecordContent> {
  const { licenseNumber: businessLicenseNumber } = await getBusinessLicense(db);
  if (!businessLicenseNumber) throw new ConflictError(APPLICATION_MESSAGES.businessLicenseMissing);
  const validity = await licenseValidOn(db, applicatorStaffUserId, day).catch((error) => {
    if (error instanceof NotFoundError) throw new InvalidInputError("The applicator is not on the staff.", "applicatorStaffUserId");
    throw error;
  });
  if (!validity.valid) throw new ConflictError(validity.reason);
  const { license } = validity;
  return {
    fields: {
      areaTreatedSqFt: input.areaTreatedSqFt,
      targetPest: input.targetPest,
      windSpeedMph: input.windSpeedMph,
      windDirection: input.windDirection || null,
      temperatureF: input.temperatureF,
      applicatorStaffUserId,
      applicatorName: license.holderName,
      applicatorLicenseType: license.licenseType,
      applicatorLicenseNumber: license.licenseNumber,
      supervisorName: license.supervisor?.name ?? null,
      supervisorLicenseNumber: license.supervisor?.licenseNumber ?? null,
      businessLicenseNumber,
    },
    products: await productsApplied(db, input),
  };
}

/** Each product as named on the day, with its amount: as given, or the default rate over the area. */
async function productsApplied(db: Db, input: TApplicationInput): Promise<ProductRow[]> {
  const ids = [...new Set(input.products.map((product) => product.productId))];
  const listed = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.active, true)));
  const byId = new Map(listed.map((product) => [product.id, product]));
  return Promise.all(
    input.products.map(async (applied) => {
      const product = byId.get(applied.productId);
      if (!product)
        throw new InvalidInputError(APPLICATION_MESSAGES.productNotListed(await productLabel(db, applied.productId)), "products");
      const mixed = Boolean(applied.mixingRate && applied.totalMix);
      const amountThousandths =
        applied.amount != null
          ? rateToThousandths(applied.amount)
          : mixed
            ? null
            : Math.max(1, Math.round((product.defaultRateThousandths * input.areaTreatedSqFt) / 1000));
      return {
        productId: product.id,
        productName: product.name,
        epaRegistrationNumber: product.epaRegistrationNumber,
        unit: product.unit,
        amountThousandths,
        // The rate per 1,000 sq ft the amount works out to over the area treated.
        rateThousandths:
          amountThousandths === null ? null : Math.max(1, Math.round((amountThousandths * RATE_SCALE) / input.areaTreatedSqFt)),
        mixingRate: mixed ? applied.mixingRate! : null,
        totalMix: mixed ? applied.totalMix! : null,
      };
    }),
  );
}

/** A retired product by its name; one never on the list by its id. */
async function productLabel(db: Db, productId: number): Promise<string> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row ? row.name : `Product #${productId}`;
}

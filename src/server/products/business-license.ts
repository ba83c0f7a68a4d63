import { eq } from "drizzle-orm";
import { ZBusinessLicenseFormSchema, type TBusinessLicenseForm } from "@/lib/validation/products";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

export const BUSINESS_LICENSE_SETTING = "business_license";

/** The business's TDA license number, printed on every application record; null until an owner sets it. */
export async function getBusinessLicense(db: Db): Promise<TBusinessLicenseForm> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, BUSINESS_LICENSE_SETTING));
  const parsed = ZBusinessLicenseFormSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { licenseNumber: null };
}

export async function saveBusinessLicense(db: Db, form: TBusinessLicenseForm): Promise<TBusinessLicenseForm> {
  const value = { licenseNumber: form.licenseNumber ? form.licenseNumber.toUpperCase() : null };
  await db
    .insert(businessSettings)
    .values({ key: BUSINESS_LICENSE_SETTING, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: new Date() } });
  return value;
}

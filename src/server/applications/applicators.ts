import { businessToday } from "@/lib/business-time";
import type { LicenseType } from "@/lib/products";
import type { Db } from "@/server/db";
import { licenseValidOn, listStaffLicenses } from "@/server/products/licenses";

export interface Applicator {
  staffUserId: number;
  name: string;
  licenseType: LicenseType;
  licenseNumber: string;
  expiresOn: string;
  validToday: boolean;
  reason: string | null;
}

/** The staff holding a license, and whether each may apply today: the office's applicator picker. */
export async function listApplicators(db: Db, now = new Date()): Promise<Applicator[]> {
  const today = businessToday(now);
  const licenses = await listStaffLicenses(db);
  const applicators = await Promise.all(
    licenses.map(async (license) => {
      const validity = await licenseValidOn(db, license.staffUserId, today);
      return {
        staffUserId: license.staffUserId,
        name: license.holderName,
        licenseType: license.licenseType,
        licenseNumber: license.licenseNumber,
        expiresOn: license.expiresOn,
        validToday: validity.valid,
        reason: validity.valid ? null : validity.reason,
      };
    }),
  );
  return applicators.sort((a, b) => Number(b.validToday) - Number(a.validToday) || a.name.localeCompare(b.name));
}

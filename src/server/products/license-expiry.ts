import { and, eq, isNotNull } from "drizzle-orm";
import { businessToday } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { staffUsers } from "@/server/db/schema";
import { sendEmail } from "@/server/email/send-email";
import { licenseExpiryStaffEmail } from "@/server/email/templates/staff";
import { formatLicenseDay, licensesExpiringSoon } from "./licenses";

/**
 * Emails every owner (with an email address) about each license expiring within the warning days.
 * The key names the license holder, its expiry date and the owner, so a rerun, a retry or a second
 * instance sends nothing twice, while a renewed license (a new date) is warned about again.
 */
export async function queueLicenseExpiryEmails(db: Db, today = businessToday()): Promise<number> {
  const licenses = await licensesExpiringSoon(db, today);
  if (licenses.length === 0) return 0;
  const owners = await db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNotNull(staffUsers.email)));
  let queued = 0;
  for (const license of licenses) {
    for (const owner of owners) {
      const email = licenseExpiryStaffEmail(owner.email!, { ...license, expiresOnText: formatLicenseDay(license.expiresOn) });
      const id = await sendEmail(db, email, { idempotencyKey: `license-expiry:${license.staffUserId}:${license.expiresOn}:${owner.id}` });
      if (id !== null) queued++;
    }
  }
  return queued;
}

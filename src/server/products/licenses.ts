import { and, asc, eq, gte, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import type { LicenseType } from "@/lib/products";
import { LICENSE_MESSAGES, type TLicenseForm } from "@/lib/validation/products";
import { STAFF_MESSAGES } from "@/lib/validation/staff";
import type { Db } from "@/server/db";
import { staffLicenses, staffUsers } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";

/** Owners are warned this many days before a license expires (docs/product-rules.md#products-and-licenses). */
export const LICENSE_WARNING_DAYS = 30;

export interface StaffLicense {
  staffUserId: number;
  holderName: string;
  licenseType: LicenseType;
  licenseNumber: string;
  expiresOn: DateString;
  supervisor: { staffUserId: number; name: string; licenseNumber: string | null } | null;
}

const supervisorUsers = alias(staffUsers, "supervisor_users");
const supervisorLicenses = alias(staffLicenses, "supervisor_licenses");

/** A staff member's name as the records print it: the full name, or the username when none was given. */
function nameOf(user: { fullName: string | null; username: string }): string {
  return user.fullName?.trim() || user.username;
}

/** "Mar 3, 2027": how a license's day reads in messages and emails. */
export function formatLicenseDay(day: DateString): string {
  return formatBusinessDate(startOfBusinessDay(day), "MMM d, yyyy");
}

async function selectLicenses(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({
      license: staffLicenses,
      holder: { fullName: staffUsers.fullName, username: staffUsers.username },
      supervisor: { fullName: supervisorUsers.fullName, username: supervisorUsers.username },
      supervisorNumber: supervisorLicenses.licenseNumber,
    })
    .from(staffLicenses)
    .innerJoin(staffUsers, eq(staffUsers.id, staffLicenses.staffUserId))
    .leftJoin(supervisorUsers, eq(supervisorUsers.id, staffLicenses.supervisorStaffUserId))
    .leftJoin(supervisorLicenses, eq(supervisorLicenses.staffUserId, staffLicenses.supervisorStaffUserId))
    .where(where)
    .orderBy(asc(staffLicenses.expiresOn), asc(staffLicenses.staffUserId));
  return rows.map(
    ({ license, holder, supervisor, supervisorNumber }): StaffLicense => ({
      staffUserId: license.staffUserId,
      holderName: nameOf(holder),
      licenseType: license.licenseType,
      licenseNumber: license.licenseNumber,
      expiresOn: license.expiresOn,
      supervisor:
        license.supervisorStaffUserId && supervisor
          ? { staffUserId: license.supervisorStaffUserId, name: nameOf(supervisor), licenseNumber: supervisorNumber }
          : null,
    }),
  );
}

export function listStaffLicenses(db: Db): Promise<StaffLicense[]> {
  return selectLicenses(db, undefined);
}

/** A staff member's license, or null when none is on file; 404 for someone not on the staff. */
export async function getStaffLicense(db: Db, staffUserId: number): Promise<StaffLicense | null> {
  await assertStaffUser(db, staffUserId);
  const [license] = await selectLicenses(db, eq(staffLicenses.staffUserId, staffUserId));
  return license ?? null;
}

async function assertStaffUser(db: Db, staffUserId: number) {
  const [user] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, staffUserId));
  if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
}

/**
 * An owner sets (or, with no type, removes) a staff member's license. A technician's supervisor must
 * be someone else holding a certified applicator's license; whether that license is still valid is
 * asked on the day of each application, not here.
 */
export async function setStaffLicense(db: Db, staffUserId: number, form: TLicenseForm): Promise<StaffLicense | null> {
  return db.transaction(async (tx) => {
    await assertStaffUser(tx, staffUserId);
    if (!form.licenseType) {
      await tx.delete(staffLicenses).where(eq(staffLicenses.staffUserId, staffUserId));
      return null;
    }
    const supervisorStaffUserId = form.licenseType === "technician" ? (form.supervisorStaffUserId ?? null) : null;
    if (supervisorStaffUserId !== null) {
      if (supervisorStaffUserId === staffUserId) throw new InvalidInputError(LICENSE_MESSAGES.supervisorSelf);
      const [supervisor] = await tx
        .select({ licenseType: staffLicenses.licenseType })
        .from(staffLicenses)
        .where(eq(staffLicenses.staffUserId, supervisorStaffUserId))
        .for("share");
      if (supervisor?.licenseType !== "certified_applicator") throw new InvalidInputError(LICENSE_MESSAGES.supervisorNotCertified);
    }
    const values = {
      licenseType: form.licenseType,
      licenseNumber: form.licenseNumber!.toUpperCase(),
      expiresOn: form.expiresOn!,
      supervisorStaffUserId,
      updatedAt: new Date(),
    };
    await tx
      .insert(staffLicenses)
      .values({ staffUserId, ...values })
      .onConflictDoUpdate({ target: staffLicenses.staffUserId, set: values });
    const [license] = await selectLicenses(tx, eq(staffLicenses.staffUserId, staffUserId));
    return license!;
  });
}

export type LicenseValidity = { valid: true; license: StaffLicense } | { valid: false; reason: string };

/**
 * Whether a staff member may apply pesticides on an Austin day: a license number on file, not
 * expired on that day (it is good through its expiry date), and for a technician a supervising
 * certified applicator whose own license is valid that day.
 */
export async function licenseValidOn(db: Db, staffUserId: number, day: DateString): Promise<LicenseValidity> {
  const [user] = await db
    .select({ fullName: staffUsers.fullName, username: staffUsers.username })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffUserId));
  if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
  const name = nameOf(user);
  const [license] = await selectLicenses(db, eq(staffLicenses.staffUserId, staffUserId));
  if (!license?.licenseNumber) return { valid: false, reason: `${name} has no applicator license on file.` };
  if (license.expiresOn < day)
    return { valid: false, reason: `${name}'s applicator license expired on ${formatLicenseDay(license.expiresOn)}.` };
  if (license.licenseType === "technician") {
    const [supervisorLicense] = license.supervisor
      ? await selectLicenses(db, eq(staffLicenses.staffUserId, license.supervisor.staffUserId))
      : [];
    const supervised =
      supervisorLicense?.licenseType === "certified_applicator" && !!supervisorLicense.licenseNumber && supervisorLicense.expiresOn >= day;
    if (!supervised) return { valid: false, reason: `${name}'s supervising applicator's license is not valid.` };
  }
  return { valid: true, license };
}

export interface LicenseWarning {
  staffUserId: number;
  expiresOn: DateString;
  message: string;
}

/** The licenses expired, or expiring within the warning days, each with the owners' warning. */
export async function licenseExpiryWarnings(db: Db, today: DateString = businessToday()): Promise<LicenseWarning[]> {
  const licenses = await selectLicenses(db, lte(staffLicenses.expiresOn, addDays(today, LICENSE_WARNING_DAYS)));
  return licenses.map((license) => ({
    staffUserId: license.staffUserId,
    expiresOn: license.expiresOn,
    message:
      license.expiresOn < today
        ? `${license.holderName}'s applicator license expired on ${formatLicenseDay(license.expiresOn)}.`
        : `${license.holderName}'s applicator license expires on ${formatLicenseDay(license.expiresOn)}.`,
  }));
}

/** The licenses whose expiry falls from today to the warning days ahead: the ones the owners are emailed about. */
export function licensesExpiringSoon(db: Db, today: DateString): Promise<StaffLicense[]> {
  return selectLicenses(db, and(gte(staffLicenses.expiresOn, today), lte(staffLicenses.expiresOn, addDays(today, LICENSE_WARNING_DAYS))));
}

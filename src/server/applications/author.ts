import { eq } from "drizzle-orm";
import type { ApplicationRecordedVia } from "@/lib/applications";
import { APPLICATION_MESSAGES } from "@/lib/validation/applications";
import type { Db } from "@/server/db";
import { apiKeys, staffUsers } from "@/server/db/schema";
import { ForbiddenError, InvalidInputError } from "@/server/errors";

/**
 * Who writes a record down: a signed-in staff member or an API key, and for crew the crew whose
 * visits they work. Crew record their own applications (docs/product-rules.md#application-records).
 */
export interface ApplicationAuthor {
  staffUserId: number | null;
  apiKeyId: number | null;
  /** A crew member's or crew key's crew; null for the office and owners. */
  crewId: number | null;
  via: ApplicationRecordedVia;
}

/** The author of a signed-in staff member or an API key, as the tRPC context carries them. */
export function authorOf(
  staff: { user: { id: number } | null; apiKeyId?: number; role: string; crewId: number | null },
  via: ApplicationRecordedVia,
): ApplicationAuthor {
  return {
    staffUserId: staff.user?.id ?? null,
    apiKeyId: staff.user ? null : (staff.apiKeyId ?? null),
    crewId: staff.role === "crew" ? (staff.crewId ?? -1) : null,
    via,
  };
}

/** Where a caller writes from: an API key's integration, the crew's phone, or the office. */
export function viaOf(staff: { kind: string; role: string }): ApplicationRecordedVia {
  return staff.kind === "apiKey" ? "api" : staff.role === "crew" ? "crew" : "office";
}

/** A staff member's name as records print it: the full name, or the username when none was given. */
export async function staffName(db: Db, staffUserId: number): Promise<string | null> {
  const [user] = await db
    .select({ fullName: staffUsers.fullName, username: staffUsers.username })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffUserId));
  return user ? user.fullName?.trim() || user.username : null;
}

/** The name kept as "recorded by": the staff member's, or the API key's. */
export async function authorName(db: Db, author: ApplicationAuthor): Promise<string> {
  if (author.staffUserId !== null) return (await staffName(db, author.staffUserId)) ?? `Staff member #${author.staffUserId}`;
  if (author.apiKeyId !== null) {
    const [key] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, author.apiKeyId));
    return `API key ${key?.name ?? `#${author.apiKeyId}`}`;
  }
  return "API";
}

/**
 * The applicator of a record: a crew member is always their own; a crew key names a member of its
 * crew; the office names anyone, or is the applicator itself when it names nobody.
 */
export async function resolveApplicator(db: Db, author: ApplicationAuthor, requested: number | null | undefined): Promise<number> {
  if (author.crewId !== null && author.staffUserId !== null) {
    if (requested && requested !== author.staffUserId) throw new ForbiddenError(APPLICATION_MESSAGES.notYours);
    return author.staffUserId;
  }
  if (author.crewId !== null) {
    if (!requested) throw new InvalidInputError(APPLICATION_MESSAGES.applicator, "applicatorStaffUserId");
    const [member] = await db.select({ crewId: staffUsers.crewId }).from(staffUsers).where(eq(staffUsers.id, requested));
    if (member?.crewId !== author.crewId)
      throw new InvalidInputError("The applicator must be a member of this crew.", "applicatorStaffUserId");
    return requested;
  }
  const applicator = requested ?? author.staffUserId;
  if (!applicator) throw new InvalidInputError(APPLICATION_MESSAGES.applicator, "applicatorStaffUserId");
  return applicator;
}

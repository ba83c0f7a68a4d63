import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { crews, staffInvitations, staffUsers } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { hashPassword } from "@/server/auth/password";
import { generateToken, hashToken } from "@/server/auth/tokens";
import { assertActiveCrew } from "@/server/crews/crews-repository";
import { normalizeEmail } from "@/server/customers/customers-repository";
import { appUrl } from "@/server/email/app-url";
import { sendEmail } from "@/server/email/send-email";
import { staffInvitationEmail } from "@/server/email/templates/accounts";
import { STAFF_ROLE_LABELS, type StaffRole } from "@/lib/staff-roles";
import { STAFF_MESSAGES, type TAcceptStaffInvitation, type TStaffInvitationForm } from "@/lib/validation/staff";

/** Long enough for someone to start next week; the link works once. */
export const STAFF_INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

function invitationLink(token: string) {
  return { url: appUrl(`/staff-invitation?token=${token}`), token };
}

/**
 * An owner invites someone by email with a role (and a crew for crew members). A new invitation to
 * the same address replaces the one before it, so only the latest link works.
 */
export async function inviteStaff(db: Db, form: TStaffInvitationForm, invitedByUserId: number | null, now = new Date()) {
  const email = normalizeEmail(form.email);
  await assertActiveCrew(db, form.crewId);
  const [existing] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email));
  if (existing) throw new ConflictError(STAFF_MESSAGES.alreadyStaff);
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(eq(sql`lower(${staffInvitations.email})`, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)),
      );
    await tx.insert(staffInvitations).values({
      email,
      role: form.role,
      crewId: form.role === "crew" ? (form.crewId ?? null) : null,
      tokenHash: hashToken(token),
      invitedByUserId,
      expiresAt: new Date(now.getTime() + STAFF_INVITATION_LIFETIME_MS),
      createdAt: now,
    });
    const crewId = form.role === "crew" ? (form.crewId ?? null) : null;
    const [crew] = crewId ? await tx.select({ name: crews.name }).from(crews).where(eq(crews.id, crewId)) : [];
    const [sender] = invitedByUserId
      ? await tx.select({ fullName: staffUsers.fullName }).from(staffUsers).where(eq(staffUsers.id, invitedByUserId))
      : [];
    const invitation = { role: STAFF_ROLE_LABELS[form.role], crewName: crew?.name ?? null, invitedBy: sender?.fullName ?? null };
    await sendEmail(tx, staffInvitationEmail({ email }, invitation, invitationLink(token)));
  });
  return { email };
}

/**
 * Invitations not yet used, revoked or expired, for Settings → Staff; only those whose sender is
 * still an owner, since no other link can be accepted (see `senderMayInvite`).
 */
export async function listPendingStaffInvitations(db: Db, now = new Date()) {
  return db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      crewName: crews.name,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .innerJoin(staffUsers, and(eq(staffUsers.id, staffInvitations.invitedByUserId), eq(staffUsers.role, "owner")))
    .leftJoin(crews, eq(crews.id, staffInvitations.crewId))
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
    .orderBy(staffInvitations.createdAt);
}

/**
 * An owner withdraws an invitation not yet used (sent to the wrong address, or the person is not
 * starting after all): its link stops working at once. Used, withdrawn or expired ones are not found.
 */
export async function withdrawStaffInvitation(db: Db, id: number, now = new Date()) {
  const [withdrawn] = await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffInvitations.id, id),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ email: staffInvitations.email });
  if (!withdrawn) throw new NotFoundError(STAFF_MESSAGES.invitationNotPending);
  return withdrawn;
}

/**
 * Whether the sender of an invitation may still invite. Only owners invite, and an owner may invite
 * to every role, so the role invited never narrows it; a sender who was removed (null) invites
 * nobody. An invitation is only as good as its sender's role now (docs/product-rules.md#staff-roles).
 */
function senderMayInvite(senderRole: StaffRole | null | undefined): boolean {
  return senderRole === "owner";
}

/**
 * Withdraws the invitations a staff member sent and nobody has used yet, when they are demoted or
 * removed: they can no longer invite, so their links must not make anyone staff. Their own row is
 * locked first, the order an acceptance takes too (its sender, then the invitation), so the two
 * never wait on each other in a circle.
 */
export async function withdrawInvitationsSentBy(tx: Db, userId: number, now = new Date()) {
  await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, userId)).for("update");
  await tx
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.invitedByUserId, userId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
}

/** The usable invitation a link names, or a refusal saying why it cannot be used. */
async function usableInvitation(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: staffInvitations, crewName: crews.name, senderRole: staffUsers.role })
    .from(staffInvitations)
    .leftJoin(crews, eq(crews.id, staffInvitations.crewId))
    .leftJoin(staffUsers, eq(staffUsers.id, staffInvitations.invitedByUserId))
    .where(eq(staffInvitations.tokenHash, hashToken(token.trim())));
  if (!row) throw new InvalidInputError(STAFF_MESSAGES.invitationInvalid, "token");
  if (row.invitation.revokedAt) {
    // Withdrawn with its sender's role, or by an owner (or a newer invitation).
    throw new InvalidInputError(
      senderMayInvite(row.senderRole) ? STAFF_MESSAGES.invitationInvalid : STAFF_MESSAGES.invitationWithdrawn,
      "token",
    );
  }
  if (row.invitation.acceptedAt) throw new InvalidInputError(STAFF_MESSAGES.invitationUsed, "token");
  if (row.invitation.expiresAt <= now) throw new InvalidInputError(STAFF_MESSAGES.invitationExpired, "token");
  return row;
}

/** Who an invitation is for and as what, so the sign-up form can say so. */
export async function describeStaffInvitation(db: Db, token: string, now = new Date()) {
  const { invitation, crewName, senderRole } = await usableInvitation(db, token, now);
  // Its acceptance would be refused (and the link withdrawn): say so before the form is filled in.
  if (!senderMayInvite(senderRole)) throw new InvalidInputError(STAFF_MESSAGES.invitationWithdrawn, "token");
  return { email: invitation.email, role: invitation.role, crewName };
}

/**
 * The invitee chooses a name, username and password: the account gets the role (and crew) the owner
 * chose, and the link is used up. The email is proven by the link reaching it. The caller signs them in.
 */
export async function acceptStaffInvitation(db: Db, input: TAcceptStaffInvitation, now = new Date()) {
  const { invitation } = await usableInvitation(db, input.token, now);
  const passwordHash = await hashPassword(input.password);
  const accepted = await db.transaction(async (tx) => {
    // The sender's role is read again here, their row locked: a demotion or removal committed
    // since the check above is seen, and one starting now waits until this acceptance is done.
    const [sender] =
      invitation.invitedByUserId === null
        ? []
        : await tx.select({ role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.id, invitation.invitedByUserId)).for("share");
    if (!senderMayInvite(sender?.role)) {
      await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
      return null;
    }
    const [used] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning({ id: staffInvitations.id });
    // Another tab used the same link first.
    if (!used) throw new InvalidInputError(STAFF_MESSAGES.invitationUsed, "token");
    const [taken] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(sql`lower(${staffUsers.username})`, input.username.toLowerCase()));
    if (taken) throw new InvalidInputError(STAFF_MESSAGES.usernameTaken, "username");
    const [user] = await tx
      .insert(staffUsers)
      .values({
        username: input.username,
        passwordHash,
        fullName: input.fullName,
        email: invitation.email,
        role: invitation.role,
        crewId: invitation.crewId,
        createdAt: now,
      })
      .returning({ id: staffUsers.id });
    return user!;
  });
  // Refused after the transaction, so the withdrawal above is kept.
  if (!accepted) throw new InvalidInputError(STAFF_MESSAGES.invitationWithdrawn, "token");
  return accepted;
}

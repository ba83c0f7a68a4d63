import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { createApiKey } from "@/server/auth/api-keys";
import { listCrews } from "@/server/crews/crews-repository";
import { getDb } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
import { emailOutbox, staffInvitations, staffUsers, visits } from "@/server/db/schema";
import { STAFF_MESSAGES } from "@/lib/validation/staff";
import { deleteStaffAccount } from "@/server/settings/profile";
import { acceptStaffInvitation, describeStaffInvitation, inviteStaff, listPendingStaffInvitations } from "./staff-invitations";
import { changeStaffRole, removeStaffUser } from "./staff-users";
import { CREW_CHANGES_TODAY_ONLY } from "@/server/schedules/visit-status";
import { insertPlan } from "#test/fixtures/plans";
import { anonymousCaller, createCustomer, createStaffUser, rest, seedServices, staffCookie } from "#test/support/helpers";
import { waitFor } from "#test/support/notifications";

let dayOffset = 40;
const nextDay = () => addDays(businessToday(), dayOffset++);

/** The link in the newest email to an address, as the invitee reads it. */
async function invitationLinkTo(email: string) {
  const [sent] = await (await getDb())
    .select({ body: emailOutbox.body })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.id));
  return sent!.body.match(/staff-invitation\?token=(\S+)/)![1]!;
}

const owners = async () => (await (await getDb()).select().from(staffUsers).where(eq(staffUsers.role, "owner"))).map((user) => user.id);

describe("staff users: the last owner stays", () => {
  beforeAll(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  it("refuses to demote or remove the last owner, and allows it once another owner exists", async () => {
    const db = await getDb();
    for (const id of await owners()) await db.update(staffUsers).set({ role: "office" }).where(eq(staffUsers.id, id));
    const { user: only } = await createStaffUser({ role: "owner" });
    await createStaffUser({ role: "office" });
    await expect(changeStaffRole(db, only.id, { role: "office" })).rejects.toThrow("Keep at least one owner");
    await expect(removeStaffUser(db, only.id)).rejects.toThrow("Keep at least one owner");
    await expect(deleteStaffAccount(db, only.id, "staff-password-1")).rejects.toThrow("Keep at least one owner");

    const { user: second } = await createStaffUser({ role: "owner" });
    expect((await changeStaffRole(db, only.id, { role: "office" })).role).toBe("office");
    await expect(removeStaffUser(db, second.id)).rejects.toThrow("Keep at least one owner");
  });

  it("lets two owners demote each other at once only one of the two times", async () => {
    const db = await getDb();
    for (const id of await owners()) await db.update(staffUsers).set({ role: "office" }).where(eq(staffUsers.id, id));
    const a = (await createStaffUser({ role: "owner" })).user;
    const b = (await createStaffUser({ role: "owner" })).user;
    const results = await Promise.allSettled([
      changeStaffRole(db, a.id, { role: "office" }),
      changeStaffRole(db, b.id, { role: "office" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await owners()).toHaveLength(1);
  });

  it("answers an owner's API calls and refuses the same to office with 403 in plain words", async () => {
    const office = (await createStaffUser({ role: "office" })).user;
    const answer = await rest("GET", "/staff", { headers: { cookie: await staffCookie(office.id) } });
    expect(answer.status).toBe(403);
    expect(answer.json.message).toBe("Office accounts cannot do this. Ask an owner if you need it.");
    const crew = (await createStaffUser({ role: "crew", crewId: (await listCrews(await getDb()))[0]!.id })).user;
    const payments = await rest("GET", "/payments/owed", { headers: { cookie: await staffCookie(crew.id) } });
    expect(payments.status).toBe(403);
    expect(payments.json.message).toBe("Crew accounts cannot do this. Ask an owner if you need it.");
  });
});

describe("staff invitations", () => {
  it("makes an account with the role and crew the owner chose, from a link that works once", async () => {
    const db = await getDb();
    const [crew] = await listCrews(db);
    const owner = (await createStaffUser({ role: "owner" })).user;
    await inviteStaff(db, { email: "New.Crew@Example.com", role: "crew", crewId: crew!.id }, owner.id);
    const token = await invitationLinkTo("new.crew@example.com");
    // The email says who invited them, as what and to which crew, in the look of every other email.
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "new.crew@example.com"));
    expect(sent!.subject).toBe(`${owner.fullName} invited you to the GreenScape Austin staff area`);
    expect(sent!.body).toContain("Role: Crew");
    expect(sent!.body).toContain(`Crew: ${crew!.name}`);
    expect(sent!.body).toContain(`Invited by: ${owner.fullName}`);
    expect(sent!.html).toContain("Accept the invitation");
    expect(await describeStaffInvitation(db, token)).toEqual({ email: "new.crew@example.com", role: "crew", crewName: crew!.name });

    const form = { token, fullName: "Robin Field", username: "robin_field", password: "mowing-day-1", confirmPassword: "mowing-day-1" };
    const { id } = await acceptStaffInvitation(db, form);
    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(user).toMatchObject({ role: "crew", crewId: crew!.id, email: "new.crew@example.com", mustChangePassword: false });
    await expect(acceptStaffInvitation(db, { ...form, username: "robin_again" })).rejects.toThrow("already been used");
    await expect(inviteStaff(db, { email: "new.crew@example.com", role: "office" }, owner.id)).rejects.toThrow("already uses this email");
  });

  it("refuses an expired link, and a link replaced by a newer invitation", async () => {
    const db = await getDb();
    const owner = (await createStaffUser({ role: "owner" })).user;
    await inviteStaff(db, { email: "late@example.com", role: "office" }, owner.id, new Date(Date.now() - 8 * 24 * 60 * 60_000));
    await expect(describeStaffInvitation(db, await invitationLinkTo("late@example.com"))).rejects.toThrow("expired");
    await inviteStaff(db, { email: "twice@example.com", role: "office" }, owner.id);
    const first = await invitationLinkTo("twice@example.com");
    await inviteStaff(db, { email: "twice@example.com", role: "owner" }, owner.id);
    await expect(describeStaffInvitation(db, first)).rejects.toThrow("not valid");
    expect((await describeStaffInvitation(db, await invitationLinkTo("twice@example.com"))).role).toBe("owner");
  });

  it("lets an owner withdraw an unused invitation over REST: its link stops working, and a used one stays used", async () => {
    const db = await getDb();
    const sender = (await createStaffUser({ role: "owner" })).user;
    const owner = await staffCookie(sender.id);
    await inviteStaff(db, { email: "wrong.address@example.com", role: "office" }, sender.id);
    const link = await invitationLinkTo("wrong.address@example.com");
    const pending = (await listPendingStaffInvitations(db)).find((invitation) => invitation.email === "wrong.address@example.com")!;

    const office = await staffCookie((await createStaffUser({ role: "office" })).user.id);
    expect((await rest("POST", `/staff/invitations/${pending.id}/withdraw`, { headers: { cookie: office } })).status).toBe(403);
    const withdrawn = await rest("POST", `/staff/invitations/${pending.id}/withdraw`, { headers: { cookie: owner } });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toMatchObject({ message: "The invitation to wrong.address@example.com was withdrawn." });
    await expect(describeStaffInvitation(db, link)).rejects.toThrow("not valid");
    expect((await listPendingStaffInvitations(db)).map((invitation) => invitation.id)).not.toContain(pending.id);
    const again = await rest("POST", `/staff/invitations/${pending.id}/withdraw`, { headers: { cookie: owner } });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ message: expect.stringContaining("not waiting to be used") });

    await inviteStaff(db, { email: "starts.monday@example.com", role: "office" }, sender.id);
    const token = await invitationLinkTo("starts.monday@example.com");
    const used = (await listPendingStaffInvitations(db)).find((invitation) => invitation.email === "starts.monday@example.com")!;
    await acceptStaffInvitation(db, {
      token,
      fullName: "Monday Start",
      username: "monday_start",
      password: "first-week-1",
      confirmPassword: "first-week-1",
    });
    expect((await rest("POST", `/staff/invitations/${used.id}/withdraw`, { headers: { cookie: owner } })).status).toBe(404);
    const malformed = await rest("POST", "/staff/invitations/not-a-number/withdraw", { headers: { cookie: owner } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toContain("not waiting to be used");
  });
});

describe("an invitation is only as good as its sender's role", () => {
  const signUp = (token: string, username: string) => ({
    token,
    fullName: "Blake Owner",
    username,
    password: "owner-again-1",
    confirmPassword: "owner-again-1",
  });
  const staffWithEmail = async (email: string) =>
    (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
  const invitationTo = async (email: string) =>
    (await (await getDb()).select().from(staffInvitations).where(eq(staffInvitations.email, email)))[0]!;

  /** Owner A (beside another owner, who stays) invites `email` as an owner over REST; the link it mails. */
  async function ownerInvitesOwner(email: string) {
    const keeper = await staffCookie((await createStaffUser({ role: "owner" })).user.id);
    const inviter = (await createStaffUser({ role: "owner" })).user;
    const invited = await rest("POST", "/staff/invitations", {
      headers: { cookie: await staffCookie(inviter.id) },
      body: { email, role: "owner" },
    });
    expect(invited.status).toBe(201);
    return { keeper, inviter, token: await invitationLinkTo(email) };
  }

  it("withdraws the invitations an owner sent when they are demoted: the link then creates nobody", async () => {
    const { keeper, inviter, token } = await ownerInvitesOwner("blake.demoted@example.com");
    const demoted = await rest("PUT", `/staff/${inviter.id}/role`, { headers: { cookie: keeper }, body: { role: "office" } });
    expect(demoted.status).toBe(200);

    const accepted = await rest("POST", "/staff-invitation/accept", { body: signUp(token, "blake_demoted") });
    expect(accepted.status).toBe(400);
    expect(accepted.json.message).toBe(STAFF_MESSAGES.invitationWithdrawn);
    expect(accepted.headers.getSetCookie()).toEqual([]);
    expect(await staffWithEmail("blake.demoted@example.com")).toEqual([]);
    expect((await invitationTo("blake.demoted@example.com")).revokedAt).not.toBeNull();
    const listed = await rest("GET", "/staff", { headers: { cookie: keeper } });
    expect((listed.json.invitations as Array<{ email: string }>).map((invitation) => invitation.email)).not.toContain(
      "blake.demoted@example.com",
    );
    const shown = await rest("GET", `/staff-invitation?token=${token}`);
    expect(shown.status).toBe(400);
    expect(shown.json.message).toBe(STAFF_MESSAGES.invitationWithdrawn);
  });

  it("withdraws the invitations an owner sent when they are removed, on the form's path too", async () => {
    const { keeper, inviter, token } = await ownerInvitesOwner("blake.removed@example.com");
    expect((await rest("DELETE", `/staff/${inviter.id}`, { headers: { cookie: keeper } })).status).toBe(200);
    // The sign-up form's server action calls this procedure.
    await expect((await anonymousCaller()).staff.acceptInvitation(signUp(token, "blake_removed"))).rejects.toThrow(
      STAFF_MESSAGES.invitationWithdrawn,
    );
    expect(await staffWithEmail("blake.removed@example.com")).toEqual([]);
    expect((await invitationTo("blake.removed@example.com")).revokedAt).not.toBeNull();
  });

  it("withdraws the invitations an owner sent when they delete their own account", async () => {
    const db = await getDb();
    await createStaffUser({ role: "owner" });
    const { user: leaving, password } = await createStaffUser({ role: "owner" });
    await inviteStaff(db, { email: "blake.left@example.com", role: "owner" }, leaving.id);
    const token = await invitationLinkTo("blake.left@example.com");
    await deleteStaffAccount(db, leaving.id, password);
    expect((await invitationTo("blake.left@example.com")).revokedAt).not.toBeNull();
    const accepted = await rest("POST", "/staff-invitation/accept", { body: signUp(token, "blake_left") });
    expect(accepted.json.message).toBe(STAFF_MESSAGES.invitationWithdrawn);
    expect(await staffWithEmail("blake.left@example.com")).toEqual([]);
  });

  it("lists no invitation whose sender lost the owner role without it being withdrawn", async () => {
    const db = await getDb();
    await createStaffUser({ role: "owner" });
    const { user: sender } = await createStaffUser({ role: "owner" });
    await inviteStaff(db, { email: "blake.stale@example.com", role: "office" }, sender.id);
    // A demotion written before demotions withdrew invitations.
    await db.update(staffUsers).set({ role: "office" }).where(eq(staffUsers.id, sender.id));
    expect((await listPendingStaffInvitations(db)).map((invitation) => invitation.email)).not.toContain("blake.stale@example.com");
    const accepted = await rest("POST", "/staff-invitation/accept", {
      body: signUp(await invitationLinkTo("blake.stale@example.com"), "blake_stale"),
    });
    expect(accepted.json.message).toBe(STAFF_MESSAGES.invitationWithdrawn);
    expect((await invitationTo("blake.stale@example.com")).revokedAt).not.toBeNull();
  });

  it("checks the sender's role at acceptance, after a demotion that commits while the acceptance runs", async () => {
    const db = await getDb();
    const { inviter, token } = await ownerInvitesOwner("blake.race@example.com");
    // A demotion in progress: the inviter's row is changed but not yet committed.
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let changed!: () => void;
    const rowChanged = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const demotion = db.transaction(async (tx) => {
      await tx.update(staffUsers).set({ role: "office" }).where(eq(staffUsers.id, inviter.id));
      changed();
      await committed;
    });
    await rowChanged;
    const acceptance = rest("POST", "/staff-invitation/accept", { body: signUp(token, "blake_race") });
    // Either the acceptance ends without looking at its sender, or it waits on the sender's row.
    const waitingOnLock = async () => {
      const activity = await db.execute(
        sql`select count(*)::int as "waiting" from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rowsOf<{ waiting: number }>(activity)[0]!.waiting > 0;
    };
    await Promise.race([acceptance, waitFor(waitingOnLock, 10_000, "the acceptance to wait on its sender")]);
    commit();
    await demotion;

    const accepted = await acceptance;
    expect(accepted.status).toBe(400);
    expect(accepted.json.message).toBe(STAFF_MESSAGES.invitationWithdrawn);
    expect(await staffWithEmail("blake.race@example.com")).toEqual([]);
    expect((await invitationTo("blake.race@example.com")).revokedAt).not.toBeNull();
  });
});

describe("a crew sees only its own days", () => {
  it("lists, counts, reads and changes only its crew's visits, signed in or by a crew key", async () => {
    const db = await getDb();
    const [service] = await seedServices();
    const [crewOne, crewTwo] = await listCrews(db);
    const { customer } = await createCustomer({ fullName: "Crew Day Customer" });
    const day = nextDay();
    const visitFor = async (crewId: number, time: string) => {
      const plan = await insertPlan({
        customerId: customer.id,
        serviceId: service!.id,
        startTime: businessInstant(day, time),
        status: "confirmed",
        crewId,
      });
      const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, plan.id));
      return { scheduleId: plan.id, visitId: visit!.id };
    };
    const mine = await visitFor(crewOne!.id, "09:00");
    const theirs = await visitFor(crewTwo!.id, "11:00");

    const crewMember = (await createStaffUser({ role: "crew", crewId: crewOne!.id })).user;
    const { key } = await createApiKey(db, "Crew 1 tablet", null, null, new Date(), { role: "crew", crewId: crewOne!.id });
    const office = { cookie: await staffCookie((await createStaffUser({ role: "office" })).user.id) };
    const range = `/schedules?startDate=${day}&endDate=${day}`;

    // The office asks first, so the month list is cached; a crew caller must never be served it.
    const officeList = await rest("GET", range, { headers: office });
    expect((officeList.json as unknown as Array<{ visitId: string }>).map((visit) => visit.visitId)).toEqual([
      String(mine.visitId),
      String(theirs.visitId),
    ]);

    const crewCallers: Array<Record<string, string>> = [{ cookie: await staffCookie(crewMember.id) }, { authorization: `Bearer ${key}` }];
    for (const headers of crewCallers) {
      const list = await rest("GET", range, { headers });
      expect((list.json as unknown as Array<{ visitId: string }>).map((visit) => visit.visitId)).toEqual([String(mine.visitId)]);
      const counts = await rest("GET", `/schedules/day-counts?startDate=${day}&endDate=${day}`, { headers });
      expect((counts.json as unknown as Array<{ total: number }>)[0]!.total).toBe(1);
      expect((await rest("GET", `/schedules/${mine.scheduleId}`, { headers })).status).toBe(200);
      expect((await rest("GET", `/schedules/${theirs.scheduleId}`, { headers })).status).toBe(404);
      const other = await rest("PATCH", `/schedules/visits/${theirs.visitId}/status`, { headers, body: { status: "completed" } });
      expect(other.status).toBe(404);
      // Their own crew's visit, but of a later day: only today's are theirs to change.
      const own = await rest("PATCH", `/schedules/visits/${mine.visitId}/status`, { headers, body: { status: "confirmed" } });
      expect(own.status).toBe(403);
      expect(own.json.message).toBe(CREW_CHANGES_TODAY_ONLY);
      expect((await rest("GET", "/customers", { headers })).status).toBe(403);
    }
    const [untouched] = await db.select().from(visits).where(eq(visits.id, theirs.visitId));
    expect(untouched!.status).toBe("confirmed");
  });
});

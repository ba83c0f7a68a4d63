import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF_LOGIN } from "@/lib/demo";
import { PASSWORD_CHANGE_REQUIRED } from "@/server/api/trpc";
import { getDb } from "@/server/db";
import { staffUsers } from "@/server/db/schema";
import { SAME_AS_FIRST_PASSWORD } from "@/server/settings/profile";
import { cookieHeaderFrom, rest } from "#test/support/helpers";
import { seedDatabase } from "@/server/app/seed";

async function emptyStaff() {
  await (await getDb()).delete(staffUsers);
}

describe("the first start on the embedded database", () => {
  it("creates no known password: a generated one, shown once, that opens nothing but the password change", async () => {
    await emptyStaff();
    const report = await seedDatabase(await getDb(), { embedded: true, demoData: false });
    expect(report.staff).toMatchObject({ username: "admin", source: "generated" });
    const first = report.staff!.source === "generated" ? report.staff!.password : "";
    expect(first).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(first).not.toBe(DEMO_STAFF_LOGIN.password);
    expect((await rest("POST", "/auth/login", { body: DEMO_STAFF_LOGIN })).status).toBe(401);

    const login = await rest("POST", "/auth/login", { body: { username: "admin", password: first } });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ user: { mustChangePassword: true } });
    const headers = { cookie: cookieHeaderFrom(login.headers) };

    // Every staff screen's data is refused on the server until the password is the owner's own.
    for (const path of ["/customers", "/dashboard-stats", "/messages/conversations", "/api-keys", "/export"]) {
      const refused = await rest("GET", path, { headers });
      expect(refused.status, path).toBe(403);
      expect(refused.json.message).toBe(PASSWORD_CHANGE_REQUIRED);
    }
    expect((await rest("GET", "/settings/profile", { headers })).status).toBe(200);
    expect((await rest("GET", "/auth/status", { headers })).json).toMatchObject({ user: { mustChangePassword: true } });

    const same = await rest("POST", "/settings/password", {
      headers,
      body: { currentPassword: first, newPassword: first, confirmPassword: first },
    });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe(SAME_AS_FIRST_PASSWORD);

    const chosen = "my-own-lawn-password";
    const changed = await rest("POST", "/settings/password", {
      headers,
      body: { currentPassword: first, newPassword: chosen, confirmPassword: chosen },
    });
    expect(changed.status).toBe(200);
    expect((await rest("GET", "/customers", { headers })).status).toBe(200);
    expect((await rest("GET", "/auth/status", { headers })).json).toMatchObject({ user: { mustChangePassword: false } });
  });

  it("takes the operator's STAFF_PASSWORD as theirs, with no change asked", async () => {
    await emptyStaff();
    const report = await seedDatabase(await getDb(), {
      embedded: true,
      staffUsername: "office",
      staffPassword: "a-long-office-password",
      demoData: false,
    });
    expect(report.staff).toEqual({ username: "office", source: "configured" });
    const [row] = await (await getDb()).select().from(staffUsers).where(eq(staffUsers.username, "office"));
    expect(row!.mustChangePassword).toBe(false);
  });

  it("keeps the published demo login only in the deliberate demo mode, which says so", async () => {
    await emptyStaff();
    const report = await seedDatabase(await getDb(), { embedded: true, demoMode: true, demoData: false });
    expect(report.staff).toEqual({ username: "admin", source: "demo" });
    const login = await rest("POST", "/auth/login", { body: DEMO_STAFF_LOGIN });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ user: { mustChangePassword: false } });
  });

  it("creates no account on PostgreSQL without STAFF_PASSWORD", async () => {
    await emptyStaff();
    const report = await seedDatabase(await getDb(), { embedded: false, demoData: false });
    expect(report.staff).toBeNull();
    expect(report.staffSkippedReason).toMatch(/STAFF_PASSWORD/);
  });
});

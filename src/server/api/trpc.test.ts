import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApiKey } from "@/server/auth/api-keys";
import { getDb } from "@/server/db";
import { apiKeys } from "@/server/db/schema";
import { createCustomer, createStaffUser, customerCookie, staffCookie } from "#test/support/helpers";
import { listCrews } from "@/server/crews/crews-repository";
import { ROLES } from "@/lib/staff-roles";
import { createCallerFactory, createTRPCContext, createTRPCRouter, customerProcedure, staffProcedure } from "./trpc";

// A router made only of the builders, so their rules are proven apart from any feature.
const probeRouter = createTRPCRouter({
  staffOnly: staffProcedure
    .meta({ roles: ROLES.everyone })
    .input(z.object({}))
    .query(({ ctx }) => ({ kind: ctx.staff.kind })),
  officeOnly: staffProcedure
    .meta({ roles: ROLES.office })
    .input(z.object({}))
    .query(() => ({ ok: true })),
  // No roles declared: the builder opens it to owners only (the access matrix fails for one anyway).
  undeclared: staffProcedure.input(z.object({})).query(() => ({ ok: true })),
  customerOnly: customerProcedure.input(z.object({ customerId: z.number().optional() })).query(({ ctx }) => ({ id: ctx.customer.id })),
});
const createProbe = createCallerFactory(probeRouter);

async function probe(headers: Record<string, string>) {
  return createProbe(await createTRPCContext({ headers: new Headers(headers), resHeaders: new Headers() }));
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return error instanceof TRPCError ? error.code : "THREW";
  }
}

describe("procedure builders", () => {
  it("staffProcedure refuses anonymous and customer sessions and accepts staff", async () => {
    expect(await codeOf((await probe({})).staffOnly({}))).toBe("UNAUTHORIZED");
    expect(await codeOf((await probe({ cookie: await customerCookie() })).staffOnly({}))).toBe("UNAUTHORIZED");
    expect(await (await probe({ cookie: await staffCookie() })).staffOnly({})).toEqual({ kind: "session" });
  });

  it("customerProcedure refuses anonymous and staff sessions, and takes the id from the session", async () => {
    expect(await codeOf((await probe({})).customerOnly({}))).toBe("UNAUTHORIZED");
    expect(await codeOf((await probe({ cookie: await staffCookie() })).customerOnly({}))).toBe("UNAUTHORIZED");
    const { customer } = await createCustomer({ password: "customer-pass" });
    const other = await createCustomer();
    const caller = await probe({ cookie: await customerCookie(customer.id) });
    expect(await caller.customerOnly({ customerId: other.customer.id })).toEqual({ id: customer.id });
  });

  it("staffProcedure refuses a role its meta leaves out with 403, and an undeclared one to all but owners", async () => {
    const db = await getDb();
    const crewId = (await listCrews(db))[0]!.id;
    const as = async (role: "owner" | "office" | "crew") =>
      probe({ cookie: await staffCookie((await createStaffUser({ role, crewId: role === "crew" ? crewId : null })).user.id) });
    expect(await (await as("office")).officeOnly({})).toEqual({ ok: true });
    expect(await codeOf((await as("crew")).officeOnly({}))).toBe("FORBIDDEN");
    expect(await (await as("owner")).undeclared({})).toEqual({ ok: true });
    expect(await codeOf((await as("office")).undeclared({}))).toBe("FORBIDDEN");
    expect(await codeOf((await as("crew")).undeclared({}))).toBe("FORBIDDEN");
    const { key: officeKey } = await createApiKey(db, "Office sync", null);
    expect(await (await probe({ authorization: `Bearer ${officeKey}` })).officeOnly({})).toEqual({ ok: true });
    expect(await codeOf((await probe({ authorization: `Bearer ${officeKey}` })).undeclared({}))).toBe("FORBIDDEN");
    const { key: crewKey } = await createApiKey(db, "Crew tablet", null, null, new Date(), { role: "crew", crewId });
    expect(await codeOf((await probe({ authorization: `Bearer ${crewKey}` })).officeOnly({}))).toBe("FORBIDDEN");
    expect(await (await probe({ authorization: `Bearer ${crewKey}` })).staffOnly({})).toEqual({ kind: "apiKey" });
  });

  it("an API key acts with staff rights until it is revoked", async () => {
    const db = await getDb();
    const { user } = await createStaffUser();
    const { key, apiKey } = await createApiKey(db, "Accounting sync", user.id);
    const caller = await probe({ authorization: `Bearer ${key}` });
    expect(await caller.staffOnly({})).toEqual({ kind: "apiKey" });
    const [used] = await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    expect(used?.keyHash).not.toContain(key);

    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKey.id));
    expect(await codeOf((await probe({ authorization: `Bearer ${key}` })).staffOnly({}))).toBe("UNAUTHORIZED");
    expect(await codeOf((await probe({ authorization: "Bearer gsk_made_up" })).staffOnly({}))).toBe("UNAUTHORIZED");
  });
});

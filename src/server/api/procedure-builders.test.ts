import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApiKey } from "@/server/auth/api-keys";
import { getDb } from "@/server/db";
import { apiKeys } from "@/server/db/schema";
import { createCustomer, createStaffUser, customerCookie, staffCookie } from "#test/helpers";
import { createCallerFactory, createTRPCContext, createTRPCRouter, customerProcedure, staffProcedure } from "./trpc";

// A router made only of the builders, so their rules are proven apart from any feature.
const probeRouter = createTRPCRouter({
  staffOnly: staffProcedure.input(z.object({})).query(({ ctx }) => ({ kind: ctx.staff.kind })),
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

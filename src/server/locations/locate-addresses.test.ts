import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { customers, schedules } from "@/server/db/schema";
import { JOB_SCHEMA } from "@/server/jobs/queues";
import { locateAddressesJob } from "./jobs";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { zipGeocoder, type Geocoder } from "./geocoder";
import { locatePendingAddresses } from "./locate-addresses";

async function addPlan(customerId: number, address: Partial<typeof schedules.$inferInsert> = {}) {
  const db = await getDb();
  const start = new Date(Date.now() + 30 * 86_400_000);
  const [plan] = await db
    .insert(schedules)
    .values({
      customerId,
      date: start,
      startTime: start,
      endTime: new Date(start.getTime() + 3_600_000),
      totalPrice: 3500,
      address: "200 Oak St",
      city: "Austin",
      state: "TX",
      zipCode: "78745",
      ...address,
    })
    .returning();
  return plan!;
}

const located = async (table: typeof customers | typeof schedules, id: number) => {
  const db = await getDb();
  const [row] = await db
    .select({ latitude: table.latitude, longitude: table.longitude, source: table.locationSource })
    .from(table)
    .where(eq(table.id, id));
  return row!;
};

describe("placing addresses in the background", () => {
  it("places new customers and plans (the backfill too), and marks what nothing can place", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ zipCode: "78704" });
    const { customer: unknown } = await createCustomer({ address: null, zipCode: "00000" });
    const plan = await addPlan(customer.id);
    expect((await located(customers, customer.id)).source).toBeNull();

    await locatePendingAddresses(db, zipGeocoder);
    expect(await located(customers, customer.id)).toEqual({ latitude: 30.2428, longitude: -97.7658, source: "zip" });
    expect(await located(schedules, plan.id)).toMatchObject({ source: "zip" });
    expect(await located(customers, unknown.id)).toEqual({ latitude: null, longitude: null, source: "none" });
  });

  it("clears a location when its address changes, whoever writes it, and places the new address", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ zipCode: "78704" });
    await locatePendingAddresses(db, zipGeocoder);
    await db.update(customers).set({ zipCode: "78745" }).where(eq(customers.id, customer.id));
    expect(await located(customers, customer.id)).toEqual({ latitude: null, longitude: null, source: null });
    await locatePendingAddresses(db, zipGeocoder);
    expect(await located(customers, customer.id)).toMatchObject({ source: "zip", latitude: 30.2063 });
  });

  it("keeps a dropped pin while the address stays, and other edits leave it alone", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ zipCode: "78704" });
    await db.update(customers).set({ latitude: 30.25, longitude: -97.75, locationSource: "pin" }).where(eq(customers.id, customer.id));
    await db.update(customers).set({ phone: "5125550199", address: "100 Congress Ave" }).where(eq(customers.id, customer.id));
    expect(await located(customers, customer.id)).toEqual({ latitude: 30.25, longitude: -97.75, source: "pin" });
    await locatePendingAddresses(db, zipGeocoder);
    expect(await located(customers, customer.id)).toEqual({ latitude: 30.25, longitude: -97.75, source: "pin" });
  });

  it("does not save a location for an address edited while it was being looked up", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ zipCode: "78704" });
    await locatePendingAddresses(db, zipGeocoder);
    await db.update(customers).set({ zipCode: "78701" }).where(eq(customers.id, customer.id));
    const racing: Geocoder = async (address) => {
      if (address.zipCode === "78701") await db.update(customers).set({ zipCode: "78745" }).where(eq(customers.id, customer.id));
      return zipGeocoder(address);
    };
    await locatePendingAddresses(db, racing);
    expect((await located(customers, customer.id)).source).toBeNull();
    await locatePendingAddresses(db, zipGeocoder);
    expect(await located(customers, customer.id)).toMatchObject({ source: "zip", latitude: 30.2063 });
  });

  it("is asked for once an address is saved, after the commit, so the request never waits for it", async () => {
    const db = await getDb();
    const queued = async () => {
      const rows = await db.execute(
        sql`select count(*)::int as count from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = ${locateAddressesJob.name}`,
      );
      return Number((rows as unknown as Array<{ count: number }>)[0]?.count ?? 0);
    };
    const before = await queued();
    const cookie = await staffCookie();
    const created = await rest("POST", "/customers", {
      headers: { cookie },
      body: {
        fullName: "Lena Located",
        email: `lena.${Date.now()}@example.com`,
        address: "5 Elm St",
        city: "Austin",
        state: "TX",
        zipCode: "78745",
      },
    });
    expect(created.status).toBe(201);
    // The change feed hears the commit and asks for a run a quarter second later.
    await expect.poll(queued, { timeout: 5000 }).toBeGreaterThan(before);
    // Saved, not yet placed: the job does that.
    expect((await located(customers, created.json.id as number)).source).toBeNull();
  });
});

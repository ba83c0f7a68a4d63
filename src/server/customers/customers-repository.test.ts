import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { customers } from "@/server/db/schema";
import { findCustomerByEmail, findOrCreateCustomer, insertCustomerIfNew } from "./customers-repository";

const unique = () => `${Date.now()}.${Math.random().toString(36).slice(2)}`;

describe("customers repository", () => {
  it("stores an email trimmed and in lower case, and finds it however it is typed", async () => {
    const db = await getDb();
    const tag = unique();
    const { customerId, created } = await findOrCreateCustomer(db, { fullName: "Ada Park", email: `  Ada.${tag}@Example.COM ` }, "staff");
    expect(created).toBe(true);
    const found = await findCustomerByEmail(db, `ADA.${tag}@example.com  `);
    expect(found).toMatchObject({ id: customerId, email: `ada.${tag}@example.com` });
  });

  it("finds the customer with that email and never changes their profile", async () => {
    const db = await getDb();
    const email = `kept.${unique()}@example.com`;
    const first = await findOrCreateCustomer(db, { fullName: "Kept Name", email, phone: "5125550100" }, "booking");
    const again = await findOrCreateCustomer(db, { fullName: "Someone Else", email: email.toUpperCase(), phone: "5125550199" }, "inquiry");
    expect(again).toEqual({ created: false, customerId: first.customerId });
    expect(await findCustomerByEmail(db, email)).toMatchObject({ fullName: "Kept Name", phone: "5125550100" });
  });

  it("creates one record when requests race for one new email", async () => {
    const db = await getDb();
    const email = `race.${unique()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        findOrCreateCustomer(db, { fullName: `Racer ${index}`, email: index % 2 ? email.toUpperCase() : email }, "booking"),
      ),
    );
    expect(new Set(results.map((result) => result.customerId)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const rows = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, email));
    expect(rows).toHaveLength(1);
  });

  it("insertCustomerIfNew refuses an email another customer has, in any case", async () => {
    const db = await getDb();
    const email = `taken.${unique()}@example.com`;
    expect(await insertCustomerIfNew(db, { fullName: "First", email }, "staff")).not.toBeNull();
    expect(await insertCustomerIfNew(db, { fullName: "Second", email: ` ${email.toUpperCase()}` }, "registration")).toBeNull();
  });
});

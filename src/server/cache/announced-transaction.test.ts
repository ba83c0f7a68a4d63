import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { BOOKING_WRITES, createBooking } from "@/server/booking/create-booking";
import { getDatabase, getDb } from "@/server/db";
import { customers } from "@/server/db/schema";
import { bookableServices, bookingRequest } from "#test/fixtures/bookings";
import { eventually } from "#test/support/eventually";
import { createCustomer } from "#test/support/helpers";
import { transactionAnnouncedAfterCommit } from "./announced-transaction";
import { CHANGES_CHANNEL } from "./change-feed";

/** Everything heard on the change channel, in the order PostgreSQL delivered it (the order of the commits). */
const heard: string[] = [];

beforeAll(async () => {
  const listening = new Promise<void>((resolve) => {
    void getDatabase().then((handle) =>
      handle.listen(CHANGES_CHANNEL, { onMessage: (table) => heard.push(table), onListening: resolve, onDeaf() {} }),
    );
  });
  await listening;
});

/** Sends a marker of its own on the channel and resolves once it is heard, with where it lies in `heard`. */
async function marker() {
  const name = `marker-${Math.random().toString(36).slice(2)}`;
  await (await getDb()).execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${name})`);
  await eventually(async () => expect(heard).toContain(name));
  return heard.indexOf(name);
}

/**
 * What the channel carries from here to the returned call: notifications arrive in commit order, so
 * once a marker sent afterwards is heard, nothing committed before it is still on its way; and what
 * was committed before the first marker was heard before it.
 */
async function listenFromHere() {
  const from = (await marker()) + 1;
  return async () => heard.slice(from, await marker());
}

const rename = (id: number, name: string) => sql`update customers set full_name = ${name} where id = ${id}`;

describe("transactionAnnouncedAfterCommit", () => {
  it("announces the tables it names once the transaction has committed, and nothing at the commit itself", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Announced Later" });

    const upToHere = await listenFromHere();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('greenscape.announce_after_commit', 'on', true)`);
      await tx.execute(rename(customer.id, "Quiet Commit"));
    });
    expect(await upToHere()).not.toContain("customers");

    const announced = await listenFromHere();
    await transactionAnnouncedAfterCommit(db, ["customers"], (tx) => tx.execute(rename(customer.id, "Announced After")));
    // The announcement goes out shortly after the commit: a marker may overtake it. It is
    // the only one: the setting, sent with the work's first statement (here its write), came first.
    await eventually(async () => expect(await announced()).toContain("customers"));
    expect((await announced()).filter((table) => table === "customers")).toEqual(["customers"]);
  });

  it("announces nothing for a transaction that rolled back", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Rolled Back" });

    const upToHere = await listenFromHere();
    await expect(
      transactionAnnouncedAfterCommit(db, ["customers"], async (tx) => {
        await tx.execute(rename(customer.id, "Never Saved"));
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");

    expect(await upToHere()).not.toContain("customers");
    const [row] = await db.select({ fullName: customers.fullName }).from(customers).where(eq(customers.id, customer.id));
    expect(row?.fullName).toBe("Rolled Back");
  });

  it("inside a caller's transaction, leaves the announcing to the triggers at that transaction's commit", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Outer Commit" });

    const upToHere = await listenFromHere();
    await db.transaction((outer) => transactionAnnouncedAfterCommit(outer, [], (tx) => tx.execute(rename(customer.id, "Inner Write"))));

    expect(await upToHere()).toContain("customers");
  });

  it("names every watched table a booking writes: a new customer who asked for texts", async () => {
    const db = await getDb();
    const { flat } = await bookableServices();
    const request = ZCreateBookingRequestSchema.parse({
      ...bookingRequest({ serviceId: flat.id, phone: "5125550187" }),
      textConsent: true,
    });

    // Inside a caller's transaction the triggers announce every table written, at its commit.
    const upToHere = await listenFromHere();
    await db.transaction((outer) => createBooking(outer, { request }));

    const written = new Set(await upToHere());
    expect(written.size).toBeGreaterThan(0);
    expect([...written].filter((table) => !(BOOKING_WRITES as readonly string[]).includes(table))).toEqual([]);
  });
});

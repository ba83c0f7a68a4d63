import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { BOOKING_WRITES, createBooking } from "@/server/booking/create-booking";
import { getDatabase, getDb } from "@/server/db";
import { customers } from "@/server/db/schema";
import { bookableServices, bookingRequest } from "#test/fixtures/bookings";
import { eventually } from "#test/support/eventually";
import { createCustomer } from "#test/support/helpers";
import { commitsWithLastStatements } from "@/server/db/client";
import { postgresErrorCode } from "@/server/db/errors";
import { runStatement } from "@/server/db/statement";
import { transactionAnnouncedAfterCommit, transactionCommittedWithLast } from "./announced-transaction";
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

let handle: Awaited<ReturnType<typeof getDb>>;
beforeAll(async () => {
  handle = await getDb();
});
const db = () => handle;

const rename = (id: number, name: string) => sql`update customers set full_name = ${name} where id = ${id}`;

describe("transactionCommittedWithLast", () => {
  it("on PostgreSQL, sends the COMMIT behind the last statements it was not given the answers of", () => {
    if (inject("testDatabase").mode === "postgres") expect(commitsWithLastStatements(db())).toBe(true);
  });

  it("commits the last statements sent with the COMMIT, and announces once", async () => {
    const { customer } = await createCustomer({ fullName: "Sent With Commit" });
    const announced = await listenFromHere();
    const value = await transactionCommittedWithLast(db(), ["customers"], async (tx) => {
      await tx.execute(rename(customer.id, "First Write"));
      return {
        value: "kept",
        last: [runStatement(tx, "update customers set notes = $1::text where id = $2::integer", ["last", customer.id])],
      };
    });
    expect(value).toBe("kept");
    const [row] = await db()
      .select({ fullName: customers.fullName, notes: customers.notes })
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row).toEqual({ fullName: "First Write", notes: "last" });
    await eventually(async () => expect(await announced()).toContain("customers"));
  });

  it("when a last statement fails, throws its error, writes nothing and announces nothing", async () => {
    const { customer } = await createCustomer({ fullName: "Never Changed" });
    const upToHere = await listenFromHere();
    const failed = await transactionCommittedWithLast(db(), ["customers"], async (tx) => {
      await tx.execute(rename(customer.id, "Undone Write"));
      const write = runStatement(tx, "update customers set notes = $1::text where id = $2::integer", ["undone", customer.id]);
      const failing = runStatement(tx, "select 1 / (0 * $1::integer)", [1]);
      return { value: "not this", last: [write, failing] };
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(postgresErrorCode(failed), "division by zero").toBe("22012");
    const [row] = await db()
      .select({ fullName: customers.fullName, notes: customers.notes })
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row?.fullName).toBe("Never Changed");
    expect(row?.notes).not.toBe("undone");
    expect(await upToHere()).not.toContain("customers");
    // The connection is back in the pool, outside any transaction.
    expect(await db().transaction(async (tx) => (await runStatement<{ one: number }>(tx, "select $1::integer as one", [1]))[0]!.one)).toBe(
      1,
    );
  });

  it("when a last statement fails before it is sent (a payload refused), rolls back instead of committing", async () => {
    const { customer } = await createCustomer({ fullName: "Kept As It Was" });
    const refused = transactionCommittedWithLast(db(), ["customers"], async (tx) => {
      await tx.execute(rename(customer.id, "Rolled Back Write"));
      const write = runStatement(tx, "update customers set notes = $1::text where id = $2::integer", ["rolled back", customer.id]);
      const unsent = Promise.resolve().then(() => {
        throw new Error("A job's payload is refused");
      });
      return { value: "not this", last: [write, unsent] };
    });
    await expect(refused).rejects.toThrow("A job's payload is refused");
    const [row] = await db()
      .select({ fullName: customers.fullName, notes: customers.notes })
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row?.fullName).toBe("Kept As It Was");
    expect(row?.notes).not.toBe("rolled back");
  });
});

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

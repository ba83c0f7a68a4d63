import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { schedules } from "@/server/db/schema";
import { createCustomer } from "#test/support/helpers";
import { runStatement, tableRowOf } from "./statement";

describe("runStatement", () => {
  it("runs in the transaction it is given: what it wrote goes when that transaction rolls back", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Rolled Back" });
    const rename = `update customers set full_name = $1::text where id = $2::integer returning full_name`;

    await expect(
      db.transaction(async (tx) => {
        const [row] = await runStatement<{ full_name: string }>(tx, rename, ["Renamed", customer.id]);
        expect(row?.full_name).toBe("Renamed");
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");

    const [row] = await runStatement<{ full_name: string }>(db, "select full_name from customers where id = $1::integer", [customer.id]);
    expect(row?.full_name).toBe("Rolled Back");
  });
});

describe("tableRowOf", () => {
  it("reads a row returned whole as Drizzle's own select gives it: names, dates, numbers, nulls and defaults", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Row Shape" });
    const [raw] = await runStatement<Record<string, unknown>>(
      db,
      `insert into schedules (customer_id, date, start_time, end_time, total_price, lawn_size_sq_ft, booked_name, booking_reference)
       values ($1::integer, $2::timestamptz, $2::timestamptz, $3::timestamptz, 4500, 1200, 'Row Shape', 'GS-ROWSHP')
       returning *`,
      [customer.id, "2031-05-06T15:00:00.000Z", "2031-05-06T16:30:00.000Z"],
    );

    const row = tableRowOf(schedules, raw!);
    const [selected] = await db.select().from(schedules).where(eq(schedules.id, row.id));

    expect(row).toEqual(selected);
    expect(row.startTime).toEqual(new Date("2031-05-06T15:00:00.000Z"));
    expect(row.bookedEmail).toBe(customer.email.toLowerCase());
    expect(row.serviceId).toBeNull();
  });
});

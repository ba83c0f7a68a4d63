import { rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { withDatabase } from "#test/support/global-setup";
import { SERIES_HORIZON_DAYS } from "@/lib/recurrence";
import { embeddedDatabase, migrationsThrough } from "#test/support/migrations";

/** The migrations as they were before visits became rows. */
/** Every migration, as the app runs them. */
const MIGRATIONS = path.join(process.cwd(), "drizzle");

const migrationsBeforeVisits = () => migrationsThrough("0004_notifications");

type Run = (query: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

const iso = (date: string, time: string) => businessInstant(date, time).toISOString();

/**
 * Today's tables with data: a one-time visit, a weekly open-ended series with one visit moved and
 * one cancelled, a monthly series with an end date. Then the visits migration.
 */
async function migrateWithData(run: Run, migrateTo: (folder: string) => Promise<void>) {
  const before = migrationsBeforeVisits();
  try {
    await migrateTo(before);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
  const [customer] = await run(
    `insert into customers (full_name, email, address) values ('Old Data', 'old@example.com', '1 Elm St') returning id`,
  );
  const today = businessToday();
  const first = addDays(today, -14);
  const insertPlan = (values: string) =>
    run(
      `insert into schedules (customer_id, date, start_time, end_time, status, is_recurring, recurring_frequency, recurring_end_date, total_price, booking_reference)
       values ${values} returning id`,
    );
  const [oneTime] = await insertPlan(
    `(${customer!.id}, '${iso(addDays(today, 3), "10:00")}', '${iso(addDays(today, 3), "10:00")}', '${iso(addDays(today, 3), "11:00")}', 'confirmed', false, null, null, 4000, 'GS-OLD1')`,
  );
  const [weekly] = await insertPlan(
    `(${customer!.id}, '${iso(first, "09:00")}', '${iso(first, "09:00")}', '${iso(first, "10:00")}', 'pending', true, 'weekly', null, 3000, null)`,
  );
  const [monthly] = await insertPlan(
    `(${customer!.id}, '${iso("2026-01-31", "14:00")}', '${iso("2026-01-31", "14:00")}', '${iso("2026-01-31", "15:00")}', 'confirmed', true, 'monthly', '${iso("2026-05-15", "00:00")}', 5000, null)`,
  );
  const movedDate = addDays(first, 7);
  const cancelledDate = addDays(first, 14);
  await run(
    `insert into schedule_visit_changes (schedule_id, occurrence_date, status, start_time, end_time) values
     (${weekly!.id}, '${movedDate}', null, '${iso(addDays(movedDate, 1), "15:00")}', '${iso(addDays(movedDate, 1), "16:00")}'),
     (${weekly!.id}, '${cancelledDate}', 'cancelled', null, null)`,
  );
  await migrateTo(MIGRATIONS);
  return { oneTime: Number(oneTime!.id), weekly: Number(weekly!.id), monthly: Number(monthly!.id), first, movedDate, cancelledDate, today };
}

async function expectRows(run: Run, made: Awaited<ReturnType<typeof migrateWithData>>) {
  const rows = async (scheduleId: number) =>
    run(
      `select id, occurrence_date::text as date, start_time, end_time, status, origin, changed, total_price from visits where schedule_id = $1 order by occurrence_date`,
      [scheduleId],
    );
  const oneTime = await rows(made.oneTime);
  expect(oneTime).toHaveLength(1);
  expect(oneTime[0]).toMatchObject({ id: made.oneTime, status: "confirmed", origin: "booked", changed: false, total_price: 4000 });

  const weekly = await rows(made.weekly);
  expect(weekly[0]!.date).toBe(made.first);
  // Every week from the first through the horizon, each once.
  expect(weekly.length).toBe(Math.floor((SERIES_HORIZON_DAYS + 14) / 7) + 1);
  const moved = weekly.find((row) => row.date === made.movedDate)!;
  expect(moved).toMatchObject({ changed: true, status: "pending" });
  expect(new Date(moved.start_time as string).toISOString()).toBe(iso(addDays(made.movedDate, 1), "15:00"));
  expect(weekly.find((row) => row.date === made.cancelledDate)).toMatchObject({ changed: true, status: "cancelled" });
  expect(weekly.filter((row) => row.changed)).toHaveLength(2);
  // Austin wall-clock time is kept across the DST change.
  for (const row of weekly.filter((entry) => !entry.changed)) {
    expect(new Date(row.start_time as string).toISOString()).toBe(iso(row.date as string, "09:00"));
  }

  // Monthly from Jan 31: the last day of shorter months, until the end date.
  expect((await rows(made.monthly)).map((row) => row.date)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);

  const [plan] = await run(`select visits_generated_through::text as through from schedules where id = $1`, [made.weekly]);
  expect(plan!.through).toBe(addDays(made.today, SERIES_HORIZON_DAYS));
  const [table] = await run(`select to_regclass('public.schedule_visit_changes') as name`);
  expect(table!.name).toBeNull();
}

describe("the visits migration turns today's plans into rows", () => {
  it("on the embedded database", async () => {
    const { client, migrateTo, run } = await embeddedDatabase();
    try {
      const made = await migrateWithData(run, migrateTo);
      await expectRows(run, made);
    } finally {
      await client.close();
    }
  });

  const testDatabase = inject("testDatabase");
  const adminUrl = testDatabase.mode === "postgres" ? testDatabase.adminUrl : "";
  const onPostgres = testDatabase.mode === "postgres";
  const name = `visits_migration_${Math.random().toString(36).slice(2, 10)}`;
  afterAll(async () => {
    if (!onPostgres) return;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });

  it.runIf(onPostgres)("on PostgreSQL", async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end({ timeout: 5 });
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(withDatabase(adminUrl, name), { max: 1, onnotice: () => {} });
    const db = drizzle({ client });
    const run: Run = async (query, params) =>
      (await client.unsafe(query, (params ?? []) as never[])) as unknown as Array<Record<string, unknown>>;
    try {
      const made = await migrateWithData(run, (folder) => migrate(db, { migrationsFolder: folder }));
      await expectRows(run, made);
    } finally {
      await client.end({ timeout: 5 });
    }
  });
});

import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { getDatabase, getDb } from "@/server/db";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { customers, emailOutbox, schedules } from "@/server/db/schema";
import { setEnv } from "#test/support/env";
import { createCustomer, seedServices } from "#test/support/helpers";
import { startSmtpServer } from "#test/doubles/smtp-server";
import { startTestWorker, waitFor } from "#test/support/notifications";
import { queueDueReminders } from "./reminders";
import { DEFAULT_NOTIFICATION_SETTINGS, saveNotificationSettings } from "./settings";
import type { ScheduleStatus } from "@/lib/schedule-enums";

const today = businessToday();
const tomorrow = addDays(today, 1);
const at = (time: string, date = today) => businessInstant(date, time);
let serviceId: number;

async function visit(customerId: number, date: string, time: string, status: ScheduleStatus = "confirmed") {
  const startTime = businessInstant(date, time);
  const [row] = await (await getDb())
    .insert(schedules)
    .values({
      customerId,
      serviceId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + 3_600_000),
      status,
      totalPrice: 4500,
      address: "12 Oak St",
      city: "Austin",
      zipCode: "78704",
    })
    .returning();
  await createPlanVisits(await getDb(), row!, "staff");
  return row!;
}

async function remindersTo(email: string) {
  return (await getDb())
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .then((rows) => rows.filter((row) => row.kind === "reminder"));
}

beforeAll(async () => {
  const [service] = await seedServices();
  serviceId = service!.id;
});

describe("day-before reminders", () => {
  it("go out from the reminder time for tomorrow's pending and confirmed visits only, once each", async () => {
    const db = await getDb();
    await saveNotificationSettings(db, DEFAULT_NOTIFICATION_SETTINGS);
    const { customer: maria } = await createCustomer({ fullName: "Maria Lopez" });
    const { customer: optedOut } = await createCustomer({ fullName: "Opted Out" });
    await db.update(customers).set({ remindersEnabled: false }).where(eq(customers.id, optedOut.id));

    const reminded = await visit(maria.id, tomorrow, "10:00", "confirmed");
    const pending = await visit(maria.id, tomorrow, "14:00", "pending");
    await visit(maria.id, tomorrow, "12:00", "cancelled");
    await visit(maria.id, tomorrow, "16:00", "completed");
    await visit(maria.id, today, "18:00", "confirmed");
    await visit(maria.id, addDays(today, 2), "09:00", "confirmed");
    await visit(optedOut.id, tomorrow, "11:00", "confirmed");

    // Before 5 pm Austin time nothing is sent.
    expect(await queueDueReminders(db, at("16:59"))).toEqual({ queued: 0 });
    expect(await remindersTo(maria.email)).toHaveLength(0);

    expect(await queueDueReminders(db, at("17:00"))).toEqual({ queued: 2 });
    const sent = await remindersTo(maria.email);
    expect(sent.map((row) => row.idempotencyKey).sort()).toEqual(
      [`reminder:${reminded.id}:${tomorrow}`, `reminder:${pending.id}:${tomorrow}`].sort(),
    );
    expect(sent[0]).toMatchObject({ subject: expect.stringMatching(/^Reminder: your visit tomorrow at (10:00 AM|2:00 PM)$/) });
    expect(sent[0]!.body).toContain("12 Oak St, Austin 78704");
    expect(sent[0]!.html).toContain("Turn off visit reminders");
    expect(sent[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await remindersTo(optedOut.email)).toHaveLength(0);

    // Later runs the same evening find the same visits and send nothing more.
    expect(await queueDueReminders(db, at("17:05"))).toEqual({ queued: 0 });
    expect(await queueDueReminders(db, at("23:55"))).toEqual({ queued: 0 });
    expect(await remindersTo(maria.email)).toHaveLength(2);
  });

  it("follow the time set in Settings, and stop when reminders are off", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    await visit(customer.id, tomorrow, "09:00");
    await saveNotificationSettings(db, { ...DEFAULT_NOTIFICATION_SETTINGS, remindersEnabled: false, reminderTime: "08:30" });
    expect(await queueDueReminders(db, at("20:00"))).toEqual({ queued: 0 });

    await saveNotificationSettings(db, { ...DEFAULT_NOTIFICATION_SETTINGS, reminderTime: "08:30" });
    expect(await queueDueReminders(db, at("08:29"))).toEqual({ queued: 0 });
    expect((await queueDueReminders(db, at("08:30"))).queued).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(customer.email)).toHaveLength(1);
    await saveNotificationSettings(db, DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe("two app instances", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const handles: Array<Pick<DatabaseHandle, "db" | "runScript">> = [];
  const opened: DatabaseHandle[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    setEnv({ SMTP_URL: smtp.url });
    handles.push(await getDatabase());
    // Each instance has its own connections; the embedded database has one process, so it runs both there.
    if (inject("testDatabase").mode === "postgres") opened.push(await openDatabase());
    handles.push(opened[0] ?? handles[0]!);
  });

  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await smtp.close();
    setEnv({ SMTP_URL: undefined });
  });

  it("never send the same reminder twice, however often and wherever the sweep runs", async () => {
    const { customer } = await createCustomer({ email: `twice_${Date.now()}@example.com`, fullName: "Twice Tested" });
    await visit(customer.id, tomorrow, "15:00");
    const workers = await Promise.all(handles.map((handle) => startTestWorker(handle)));
    try {
      // Both instances sweep at once, several times over, as their timers would.
      const runs = await Promise.all(Array.from({ length: 6 }, (_, index) => queueDueReminders(handles[index % 2]!.db, at("17:00"))));
      expect(runs.reduce((total, run) => total + run.queued, 0)).toBeGreaterThanOrEqual(1);
      await waitFor(
        () => smtp.messages.some((mail) => mail.to && JSON.stringify(mail.to).includes(customer.email)),
        15_000,
        "the reminder",
      );
      // Give a duplicate every chance to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const received = smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(customer.email));
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toBe("Reminder: your visit tomorrow at 3:00 PM");
      expect(received[0]!.text).toContain("Turn them off:");
      expect(received[0]!.html).toContain("My Account");
      const rows = await waitFor(async () => {
        const all = await handles[0]!.db.select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, `reminder:%`));
        const mine = all.filter((row) => row.to === customer.email);
        return mine.every((row) => row.status === "sent") ? mine : null;
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});

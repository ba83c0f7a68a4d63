import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/db/schema";
import { getNotificationSettings, saveNotificationSettings } from "@/server/notifications/settings";
import { emitWebhookEvent } from "@/server/webhooks/events";
import { createWebhookEndpoint, deleteWebhookEndpoint } from "@/server/webhooks/endpoints";
import { bookableServices, bookingRequest, daysAhead } from "#test/fixtures/bookings";
import { eventually } from "#test/support/eventually";
import { rest } from "#test/support/helpers";
import { cachedReference, forgetReferenceData } from "./reference-data";
import { cachesLive } from "./state";

const payment = {
  payment: { id: 1, customerId: 1, scheduleId: null, amount: 100, method: "cash" as const, paymentDate: new Date().toISOString() },
};

async function deliveriesOf(eventId: string | null) {
  if (!eventId) return [];
  const db = await getDb();
  return db.select({ endpointId: webhookDeliveries.endpointId }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
}

describe("the reference data kept in each process", () => {
  it("is loaded once while the change feed is heard, loaded again once forgotten, and never keeps nothing", async () => {
    await getDb();
    await eventually(async () => expect(cachesLive()).toBe(true));
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedReference("counter", load)).toBe(1);
    expect(await cachedReference("counter", load)).toBe(1);
    forgetReferenceData();
    expect(await cachedReference("counter", load)).toBe(2);
    // A value loaded while something was forgotten may be stale: it is answered, not kept.
    const racing = cachedReference("raced", async () => {
      forgetReferenceData();
      return "read before the write";
    });
    expect(await racing).toBe("read before the write");
    expect(await cachedReference("raced", async () => "read after")).toBe("read after");
    // Nothing found is asked again next time: the row may be added at any moment.
    expect(await cachedReference("missing", async () => null)).toBeNull();
    expect(await cachedReference("missing", async () => "added")).toBe("added");
  });

  it("sees a service changed elsewhere once the database announces it, and books at the new price", async () => {
    const db = await getDb();
    const { flat } = await bookableServices();
    const first = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, date: daysAhead(20), timeSlot: "09:00" }) });
    expect(first.json.totalPrice).toBe(3500);
    // Another instance, or an operator's SQL: heard through the change feed.
    await db.execute(sql`update services set price = 4100 where id = ${flat.id}`);
    await eventually(async () => {
      const again = await rest("POST", "/bookings", {
        body: bookingRequest({ serviceId: flat.id, date: daysAhead(21), timeSlot: "09:00" }),
      });
      expect(again.json.totalPrice).toBe(4100);
    });
    await db.execute(sql`update services set is_active = false where id = ${flat.id}`);
    await eventually(async () => {
      const refused = await rest("POST", "/bookings", {
        body: bookingRequest({ serviceId: flat.id, date: daysAhead(22), timeSlot: "09:00" }),
      });
      expect(refused.status).toBe(400);
    });
  });

  it("delivers to an endpoint the moment this process adds it, and stops the moment it removes it", async () => {
    const db = await getDb();
    expect(await emitWebhookEvent(db, "payment.completed", payment)).toBeNull();
    const endpoint = await createWebhookEndpoint(
      db,
      { url: "https://hooks.example.com/kept", description: "", events: ["payment.completed"], enabled: true },
      null,
    );
    expect(await deliveriesOf(await emitWebhookEvent(db, "payment.completed", payment))).toEqual([{ endpointId: endpoint.id }]);
    await deleteWebhookEndpoint(db, endpoint.id);
    expect(await emitWebhookEvent(db, "payment.completed", payment)).toBeNull();
  });

  it("hears of endpoints written elsewhere, and delivers only to those still enabled for the event meanwhile", async () => {
    const db = await getDb();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/elsewhere", events: ["payment.completed"], secret: "whsec_AAAA" })
      .returning();
    await eventually(async () => expect(await deliveriesOf(await emitWebhookEvent(db, "payment.completed", payment))).toHaveLength(1));

    // Turned off elsewhere, and still kept here in the moment before this process hears of it: the
    // event is recorded for the endpoint kept, but nothing is delivered to it.
    await db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpoint!.id));
    forgetReferenceData();
    await cachedReference("webhook-endpoints", async () => [{ id: endpoint!.id, events: ["payment.completed"] }]);
    const eventId = await emitWebhookEvent(db, "payment.completed", payment);
    expect(eventId).not.toBeNull();
    expect(await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId!))).toHaveLength(1);
    expect(await deliveriesOf(eventId)).toEqual([]);
    // Subscribed elsewhere to other events only, and kept here as it was: nothing is delivered either.
    await db
      .update(webhookEndpoints)
      .set({ enabled: true, events: ["booking.created"] })
      .where(eq(webhookEndpoints.id, endpoint!.id));
    forgetReferenceData();
    await cachedReference("webhook-endpoints", async () => [{ id: endpoint!.id, events: ["payment.completed"] }]);
    const unsubscribed = await emitWebhookEvent(db, "payment.completed", payment);
    expect(unsubscribed).not.toBeNull();
    expect(await deliveriesOf(unsubscribed)).toEqual([]);
    // What the notification of that write does, whenever it comes:
    forgetReferenceData();
    expect(await emitWebhookEvent(db, "payment.completed", payment)).toBeNull();
  });

  it("reads the notification settings saved here at once", async () => {
    const db = await getDb();
    const settings = await getNotificationSettings(db);
    await saveNotificationSettings(db, { ...settings, officeEmail: "office@example.com", notifyNewBooking: false });
    expect(await getNotificationSettings(db)).toMatchObject({ officeEmail: "office@example.com", notifyNewBooking: false });
  });
});

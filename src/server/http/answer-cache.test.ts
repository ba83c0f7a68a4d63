import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, businessToday } from "@/lib/business-time";
import { cacheState, cachesLive } from "@/server/cache/state";
import { getDb } from "@/server/db";
import { rest, seedServices, staffCookie } from "#test/support/helpers";
import { eventually } from "#test/support/eventually";
import { handleRestRequest } from "./rest-handler";

type Availability = { slots: { time: string; available: boolean }[] };

const slotOpen = (json: unknown, time: string) => (json as Availability).slots.find((slot) => slot.time === time)?.available;

function bookingBody(serviceId: number, date: string, timeSlot: string, index: number) {
  return {
    serviceId,
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    date,
    timeSlot,
    isRecurring: false,
    fullName: "Cache Tester",
    email: `cache${index}@example.com`,
    phone: "5125550111",
  };
}

describe("cached public answers (catalogue, availability)", () => {
  let serviceId: number;
  const date = addDays(businessToday(), 5);

  beforeAll(async () => {
    const services = await seedServices();
    serviceId = services[0]!.id;
    const db = await getDb();
    // One crew: a single booking fills its slot.
    await db.execute(sql`update crews set active = (position = 1)`);
  });

  it("answers the catalogue with an ETag and Cache-Control a CDN can use, and 304 to If-None-Match", async () => {
    const first = await rest("GET", "/services");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toContain("public");
    const again = await rest("GET", "/services");
    expect(again.text).toBe(first.text);
    expect(again.headers.get("etag")).toBe(etag);

    const revalidated = await rest("GET", "/services", { headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    const otherTag = await rest("GET", "/services", { headers: { "if-none-match": '"not-it"' } });
    expect(otherTag.status).toBe(200);
    expect(otherTag.text).toBe(first.text);
  });

  it("answers availability per date and service with its own ETag, revalidated on each use", async () => {
    const one = await rest("GET", `/availability?date=${date}&serviceId=${serviceId}`);
    const other = await rest("GET", `/availability?date=${addDays(date, 1)}&serviceId=${serviceId}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("cache-control")).toBe("public, no-cache");
    expect(one.headers.get("etag")).not.toBe(other.headers.get("etag"));
    const notModified = await rest("GET", `/availability?serviceId=${serviceId}&date=${date}`, {
      headers: { "if-none-match": one.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
  });

  it("keys each answer by the parameters its operation documents only: unknown ones share one entry", async () => {
    const day = addDays(date, 3);
    const cookie = await staffCookie();
    const reads: Array<{ operation: string; path: string; headers: Record<string, string> }> = [
      { operation: "availability.get", path: `/availability?date=${day}&serviceId=${serviceId}`, headers: {} },
      { operation: "services.list", path: "/services", headers: {} },
      { operation: "schedules.list", path: `/schedules?startDate=${day}&endDate=${addDays(day, 6)}`, headers: { cookie } },
    ];
    // The entries of this operation; for a dated one, of this day only (earlier tests cached others).
    const entriesOf = (operation: string) =>
      [...cacheState().answers.keys()].filter(
        (key) => key.startsWith(`${operation} `) && (operation === "services.list" || key.includes(`"${day}"`)),
      );
    // Unknown names, values of every kind, and the documented ones in another order.
    const junk = (index: number) =>
      [`junk=${index}`, `junk${index}=1`, `utm_source=${"x".repeat(index)}`, `a%00b=${index}`, `date2=${index}&junk=${index}`][index % 5]!;

    expect(cachesLive()).toBe(true);
    for (const read of reads) {
      // An invalidation (a write notified by the database) may empty the cache meanwhile: try again then.
      for (let attempt = 1; ; attempt++) {
        const generation = cacheState().answersGeneration;
        const plain = await rest("GET", read.path, { headers: read.headers });
        expect(plain.status, read.path).toBe(200);
        const answers = [];
        for (let index = 0; index < 50; index++) {
          answers.push(await rest("GET", `${read.path}${read.path.includes("?") ? "&" : "?"}${junk(index)}`, { headers: read.headers }));
        }
        // The full path (what a request the fast path leaves takes) keys them alike.
        for (let index = 50; index < 55; index++) {
          const url = `http://localhost/api${read.path}${read.path.includes("?") ? "&" : "?"}${junk(index)}`;
          const response = await handleRestRequest(new Request(url, { headers: read.headers }));
          answers.push({ status: response.status, text: await response.text(), headers: response.headers });
        }
        if (cacheState().answersGeneration !== generation && attempt < 5) continue;
        expect(entriesOf(read.operation), read.path).toHaveLength(1);
        for (const answer of answers) {
          expect(answer.status, read.path).toBe(200);
          expect(answer.text, read.path).toBe(plain.text);
          expect(answer.headers.get("etag"), read.path).toBe(plain.headers.get("etag"));
        }
        break;
      }
    }
  });

  it("keeps per-user answers out of every cache", async () => {
    const cookie = await staffCookie();
    const status = await rest("GET", "/auth/status", { headers: { cookie } });
    expect(status.status).toBe(200);
    expect(status.headers.get("cache-control")).toBe("private, no-store");
    expect(status.headers.get("etag")).toBeNull();
    const refused = await rest("GET", "/availability?date=not-a-date&serviceId=1");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("etag")).toBeNull();
  });

  it("answers fresh availability right after a booking on this instance", async () => {
    const path = `/availability?date=${date}&serviceId=${serviceId}`;
    const before = await rest("GET", path);
    expect(slotOpen(before.json, "10:00")).toBe(true);
    const booked = await rest("POST", "/bookings", { body: bookingBody(serviceId, date, "10:00", 1) });
    expect(booked.status).toBe(201);
    const after = await rest("GET", path, { headers: { "if-none-match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(slotOpen(after.json, "10:00")).toBe(false);
  });

  it("drops cached answers when the database announces a write to their tables", async () => {
    const db = await getDb();
    const catalogue = await rest("GET", "/services");
    // Writes made elsewhere (another instance, a job, an operator's SQL) reach this cache through
    // the database's notification.
    await db.execute(sql`update services set name = 'Renamed Mowing' where id = ${serviceId}`);
    await eventually(async () => {
      const fresh = await rest("GET", "/services");
      expect(fresh.text).toContain("Renamed Mowing");
      expect(fresh.headers.get("etag")).not.toBe(catalogue.headers.get("etag"));
    });

    const path = `/availability?date=${date}&serviceId=${serviceId}`;
    expect(slotOpen((await rest("GET", path)).json, "10:00")).toBe(false);
    await db.execute(sql`update visits set status = 'cancelled' where occurrence_date >= ${date}::date`);
    await eventually(async () => expect(slotOpen((await rest("GET", path)).json, "10:00")).toBe(true));

    await db.execute(sql`update visits set status = 'pending' where occurrence_date >= ${date}::date`);
    await eventually(async () => expect(slotOpen((await rest("GET", path)).json, "10:00")).toBe(false));
    // A second crew: the slot opens again.
    await db.execute(sql`update crews set active = true where position = 2`);
    await eventually(async () => expect(slotOpen((await rest("GET", path)).json, "10:00")).toBe(true));
  });

  it.skipIf(inject("testDatabase").mode !== "postgres")(
    "stops serving from the cache when it loses the listening connection, and listens again",
    async () => {
      const db = await getDb();
      await rest("GET", "/services");
      expect(cachesLive()).toBe(true);
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`);
      await eventually(async () => expect(cachesLive()).toBe(false), 2000);
      // A write it could not hear of is answered fresh: nothing is served from the cache meanwhile.
      await db.execute(sql`update services set name = 'Changed While Deaf' where id = ${serviceId}`);
      expect((await rest("GET", "/services")).text).toContain("Changed While Deaf");
      await eventually(async () => expect(cachesLive()).toBe(true));
      await db.execute(sql`update services set name = 'Heard Again' where id = ${serviceId}`);
      await eventually(async () => expect((await rest("GET", "/services")).text).toContain("Heard Again"));
    },
  );
});

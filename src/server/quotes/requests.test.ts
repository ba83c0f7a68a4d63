import { createRequire } from "node:module";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, QUOTE_REQUEST_BODY_LIMIT } from "@/lib/validation/quotes";
import { LIMITS } from "@/server/auth/limits";
import { getDb } from "@/server/db";
import { emailOutbox, quoteRequestPhotos, quoteRequests } from "@/server/db/schema";
import { quoteOffer } from "#test/fixtures/quotes";
import { anonymousCaller, callerWith, fromAddress, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { QUOTE_REQUEST_THANKS } from "./requests";

// The smallest valid PNG (1×1), and bytes that only claim to be one.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const SCRIPT = Buffer.from("#!/bin/sh\necho pwned\n").toString("base64");

let sequence = 0;
const request = (overrides: Record<string, unknown> = {}) => ({
  name: "Priya Natarajan",
  email: `priya.${Date.now().toString(36)}.${sequence++}@example.com`,
  phone: "512-555-0142",
  address: "2301 S Lamar Blvd",
  city: "Austin",
  zipCode: "78704",
  description: "Please quote new sod for the backyard, about 1,200 sq ft.",
  preferredTime: "Weekday mornings",
  ...overrides,
});

describe("quoteRequests.submit", () => {
  it("stores the request with its photos, for staff to read under Requests", async () => {
    const receipt = await (await anonymousCaller()).quoteRequests.submit({
      ...request(),
      photos: [{ contentType: "image/png", dataBase64: PNG }],
    });
    expect(receipt).toEqual({ success: true, id: expect.any(Number), message: QUOTE_REQUEST_THANKS });
    const staff = await staffCaller();
    const stored = await staff.quoteRequests.get({ id: receipt.id });
    expect(stored).toMatchObject({ zipCode: "78704", preferredTime: "Weekday mornings", handledAt: null });
    expect(stored.photoIds).toHaveLength(1);
    const photo = await staff.quoteRequests.photo({ id: receipt.id, photoId: stored.photoIds[0]! });
    expect(photo).toEqual({ contentType: "image/png", dataBase64: PNG });
    expect((await staff.quoteRequests.list({ status: "open" })).map((row) => row.id)).toContain(receipt.id);
  });

  it("refuses a ZIP we do not serve, as booking does", async () => {
    const refused = await rest("POST", "/quote-requests", { body: request({ zipCode: "10001" }) });
    expect(refused.status).toBe(400);
    expect(refused.json.issues).toEqual([expect.objectContaining({ path: ["zipCode"] })]);
  });

  it("refuses a file that is not the image it claims to be, and more than 3 photos", async () => {
    const before = await (await getDb()).$count(quoteRequests);
    const fake = await rest("POST", "/quote-requests", { body: request({ photos: [{ contentType: "image/png", dataBase64: SCRIPT }] }) });
    expect(fake.status).toBe(400);
    expect(fake.json.message).toBe("Photos must be JPEG, PNG or WebP images");
    const gif = await rest("POST", "/quote-requests", { body: request({ photos: [{ contentType: "image/gif", dataBase64: PNG }] }) });
    expect(gif.status).toBe(400);
    const four = Array.from({ length: 4 }, () => ({ contentType: "image/png", dataBase64: PNG }));
    const tooMany = await rest("POST", "/quote-requests", { body: request({ photos: four }) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe("Add at most 3 photos");
    expect(await (await getDb()).$count(quoteRequests)).toBe(before);
    expect(await (await getDb()).$count(quoteRequestPhotos, eq(quoteRequestPhotos.contentType, "image/gif"))).toBe(0);
  });

  it("takes photos of several megabytes over REST, and names its own limit when a body is larger", async () => {
    const photo = Buffer.concat([Buffer.from(PNG, "base64"), Buffer.alloc(1_500_000)]).toString("base64");
    const sent = await rest("POST", "/quote-requests", { body: request({ photos: [{ contentType: "image/png", dataBase64: photo }] }) });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const [stored] = await (await getDb())
      .select({ contentType: quoteRequestPhotos.contentType })
      .from(quoteRequestPhotos)
      .where(eq(quoteRequestPhotos.requestId, sent.json.id as number));
    expect(stored).toEqual({ contentType: "image/png" });

    const huge = "A".repeat(QUOTE_REQUEST_BODY_LIMIT);
    const refused = await rest("POST", "/quote-requests", { body: request({ photos: [{ contentType: "image/png", dataBase64: huge }] }) });
    expect(refused.status).toBe(413);
    expect(refused.json.message).toBe("The request body is too large (the limit is 20.1 MB).");
  });

  it("bounds the public form's body to three photos at their largest, with room for its text only", async () => {
    const { default: nextConfig } = await import("../../../next.config.js");
    // Read as Next reads it: a number of bytes, or text such as "16mb"; 1 MB when unset.
    const bytes = createRequire(import.meta.url)("next/dist/compiled/bytes") as { parse(value: string | number): number };
    const limit = bytes.parse(nextConfig.experimental?.serverActions?.bodySizeLimit ?? "1mb");
    expect(limit).toBeGreaterThanOrEqual(MAX_PHOTOS * MAX_PHOTO_BYTES + 20_000);
    expect(limit).toBeLessThanOrEqual(MAX_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024);
  });

  it("limits an address that keeps sending, like the contact form", async () => {
    const caller = await callerWith(fromAddress("192.0.2.91"));
    for (let sent = 0; sent < LIMITS.quoteRequestPerAddress.limit; sent++) await caller.quoteRequests.submit(request());
    await expect(caller.quoteRequests.submit(request())).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("refuses a limited address before it reads any photo: a bogus photo answers 429, not 400", async () => {
    const limited = fromAddress("192.0.2.92");
    for (let sent = 0; sent < LIMITS.quoteRequestPerAddress.limit; sent++) {
      expect((await rest("POST", "/quote-requests", { body: request(), headers: limited })).status).toBe(201);
    }
    const bogus = await rest("POST", "/quote-requests", {
      body: request({ photos: [{ contentType: "image/png", dataBase64: SCRIPT }] }),
      headers: limited,
    });
    expect(bogus.status).toBe(429);
    expect(bogus.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("lists each request with exactly its own photos, each readable byte for byte, and its own quote or none", async () => {
    // Three different images, so a photo listed under the wrong request cannot pass for the right one.
    const photoOf = (fill: number) => Buffer.concat([Buffer.from(PNG, "base64"), Buffer.alloc(64, fill)]).toString("base64");
    const send = async (photos: string[]) => {
      const sent = await rest("POST", "/quote-requests", {
        body: request({ photos: photos.map((dataBase64) => ({ contentType: "image/png", dataBase64 })) }),
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(201);
      return sent.json.id as number;
    };
    const none = await send([]);
    const one = await send([photoOf(1)]);
    const threePhotos = [photoOf(2), photoOf(3), photoOf(4)];
    const three = await send(threePhotos);
    const staff = await staffCaller();
    const quote = await staff.quotes.create({ ...quoteOffer(), requestId: one });

    const cookie = await staffCookie();
    const listed = await rest("GET", "/quote-requests?status=all", { headers: { cookie } });
    expect(listed.status).toBe(200);
    const byId = new Map(
      (listed.json as unknown as { id: number; photoIds: number[]; quoteId: number | null }[]).map((row) => [row.id, row]),
    );
    for (const [id, photos, quoteId] of [
      [none, [], null],
      [one, [photoOf(1)], quote.id],
      [three, threePhotos, null],
    ] as const) {
      const read = await rest("GET", `/quote-requests/${id}`, { headers: { cookie } });
      expect(read.status).toBe(200);
      expect({ photoIds: read.json.photoIds, quoteId: read.json.quoteId }).toEqual({
        photoIds: byId.get(id)!.photoIds,
        quoteId: byId.get(id)!.quoteId,
      });
      expect(read.json.quoteId).toBe(quoteId);
      const photoIds = read.json.photoIds as number[];
      expect(photoIds).toHaveLength(photos.length);
      const stored = await Promise.all(
        photoIds.map((photoId) => rest("GET", `/quote-requests/${id}/photos/${photoId}`, { headers: { cookie } })),
      );
      expect(stored.map((answer) => [answer.status, answer.json.dataBase64])).toEqual(photos.map((photo) => [200, photo]));
    }
  });

  it("takes the city from the ZIP when the form leaves it out, so the quote prints the whole address", async () => {
    const { city: _left, ...withoutCity } = request({ address: "2406 Enfield Rd", zipCode: "78703", email: "enfield@example.com" });
    const sent = await rest("POST", "/quote-requests", { body: withoutCity });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const cookie = await staffCookie();
    expect((await rest("GET", `/quote-requests/${sent.json.id}`, { headers: { cookie } })).json.city).toBe("Austin");
    const [announced] = await (await getDb())
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "staff_quote_request"), like(emailOutbox.body, "%2406 Enfield Rd%")));
    expect(announced!.body).toContain("2406 Enfield Rd, Austin, TX 78703");
    // The sender hears that it arrived, once, and the email carries none of the text they typed.
    const receipts = await (await getDb())
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "enfield@example.com"), eq(emailOutbox.kind, "quote_request_received")));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe("We received your quote request");
    expect(receipts[0]!.body).toContain("Hi Priya Natarajan,");
    expect(receipts[0]!.body).not.toContain("sod for the backyard");

    const staff = await staffCaller();
    const quote = await staff.quotes.create({ ...quoteOffer(), requestId: sent.json.id as number });
    await staff.quotes.send({ id: quote.id });
    const [mail] = await (await getDb())
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "enfield@example.com"), eq(emailOutbox.kind, "quote")));
    const token = /\/q\/([a-z2-7]+)/.exec(mail!.body)![1]!;
    const page = await rest("POST", "/quote-page", { body: { token } });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.address).toBe("2406 Enfield Rd, Austin, TX 78703");
  });

  it("is staff's to read: nobody signed in gets 401", async () => {
    expect((await rest("GET", "/quote-requests")).status).toBe(401);
  });
});

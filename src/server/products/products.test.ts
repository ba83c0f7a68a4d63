import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessToday } from "@/lib/business-time";
import { PRODUCT_MESSAGES, ZLicenseFormSchema, ZProductFormSchema } from "@/lib/validation/products";
import { getDb } from "@/server/db";
import { emailOutbox, products } from "@/server/db/schema";
import { addCrew } from "@/server/crews/crews-repository";
import { createStaffUser, rest, staffCookie } from "#test/support/helpers";
import { getBusinessLicense, saveBusinessLicense } from "./business-license";
import { queueLicenseExpiryEmails } from "./license-expiry";
import { formatLicenseDay, licenseExpiryWarnings, licenseValidOn, setStaffLicense } from "./licenses";
import { addProduct, listProducts, setProductActive, updateProduct } from "./products";

const today = businessToday();
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: `Weed Stop ${unique()}`,
    epaRegistrationNumber: "100-1070",
    activeIngredients: [{ name: "2,4-D", percent: 30.5 }],
    unit: "fl oz",
    defaultRate: 1.5,
    ...overrides,
  };
}

const messagesOf = (input: unknown) => {
  const parsed = ZProductFormSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

const license = (input: Record<string, unknown>) => ZLicenseFormSchema.parse(input);

describe("products: the form's rules", () => {
  it("accepts EPA registration numbers of two or three groups of digits, and refuses others in plain words", () => {
    for (const good of ["100-1070", "62719-324-34", "1-1", "1234567-1234567-1234567"])
      expect(messagesOf(form({ epaRegistrationNumber: good }))).toEqual([]);
    for (const bad of ["1001070", "100-", "EPA 100-1070", "100-1070-34-1", "12345678-1", "100 1070"])
      expect(messagesOf(form({ epaRegistrationNumber: bad }))).toEqual([PRODUCT_MESSAGES.epaNumber]);
    expect(PRODUCT_MESSAGES.epaNumber).toContain("groups of digits joined by dashes");
  });

  it("needs 1 to 10 active ingredients, each more than 0 and at most 100%, together at most 100%", () => {
    expect(messagesOf(form({ activeIngredients: [] }))).toEqual([PRODUCT_MESSAGES.ingredientsCount]);
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `A${index}`, percent: 1 }));
    expect(messagesOf(form({ activeIngredients: eleven }))).toEqual([PRODUCT_MESSAGES.ingredientsCount]);
    expect(messagesOf(form({ activeIngredients: [{ name: "A", percent: 0 }] }))).toEqual([PRODUCT_MESSAGES.ingredientPercent]);
    expect(messagesOf(form({ activeIngredients: [{ name: "A", percent: 100.01 }] }))).toEqual([PRODUCT_MESSAGES.ingredientPercent]);
    expect(messagesOf(form({ activeIngredients: [{ name: " ", percent: 5 }] }))).toEqual([PRODUCT_MESSAGES.ingredientName]);
    const over = [
      { name: "A", percent: 60 },
      { name: "B", percent: 40.01 },
    ];
    expect(messagesOf(form({ activeIngredients: over }))).toEqual([PRODUCT_MESSAGES.ingredientsTotal]);
    const exact = [
      { name: "A", percent: 33.33 },
      { name: "B", percent: 66.67 },
    ];
    expect(messagesOf(form({ activeIngredients: exact }))).toEqual([]);
  });

  it("takes a unit from the list and a positive rate with at most 3 decimals", () => {
    expect(messagesOf(form({ unit: "ml" }))).toEqual([PRODUCT_MESSAGES.unit]);
    expect(messagesOf(form({ defaultRate: 0 }))).toEqual([PRODUCT_MESSAGES.rate]);
    expect(messagesOf(form({ defaultRate: 1.2345 }))).toEqual([PRODUCT_MESSAGES.rate]);
  });
});

describe("products: the list", () => {
  it("keeps the rate exact and refuses a second active product of the same name, in any case", async () => {
    const db = await getDb();
    const name = `Prodiamine ${unique()}`;
    const added = await addProduct(db, ZProductFormSchema.parse(form({ name, defaultRate: 0.367, unit: "lb" })));
    expect(added.defaultRate).toBe(0.367);
    await expect(addProduct(db, ZProductFormSchema.parse(form({ name: name.toUpperCase() })))).rejects.toThrow(PRODUCT_MESSAGES.nameTaken);
    const other = await addProduct(db, ZProductFormSchema.parse(form()));
    await expect(updateProduct(db, other.id, ZProductFormSchema.parse(form({ name })))).rejects.toThrow(PRODUCT_MESSAGES.nameTaken);
  });

  it("retires a product without deleting it, frees its name, and refuses to reactivate it over a newer one", async () => {
    const db = await getDb();
    const name = `Fertilome ${unique()}`;
    const first = await addProduct(db, ZProductFormSchema.parse(form({ name })));
    const retired = await setProductActive(db, first.id, false);
    expect(retired.active).toBe(false);
    const [row] = await db.select().from(products).where(eq(products.id, first.id));
    expect(row?.name).toBe(name);
    expect((await listProducts(db, { activeOnly: true })).map((product) => product.id)).not.toContain(first.id);
    expect((await listProducts(db)).map((product) => product.id)).toContain(first.id);

    await addProduct(db, ZProductFormSchema.parse(form({ name })));
    await expect(setProductActive(db, first.id, true)).rejects.toThrow(PRODUCT_MESSAGES.nameTaken);
  });

  it("lets crews read the active list but refuses them any write, products and licenses alike (403)", async () => {
    const db = await getDb();
    const { user: crew } = await createStaffUser({ role: "crew", crewId: await aCrewId() });
    const cookie = await staffCookie(crew.id);
    const retired = await setProductActive(db, (await addProduct(db, ZProductFormSchema.parse(form()))).id, false);
    const listed = await rest("GET", "/products?status=all", { headers: { cookie } });
    expect(listed.status).toBe(200);
    expect((listed.json as unknown as Array<{ id: number; active: boolean }>).every((product) => product.active)).toBe(true);
    expect((listed.json as unknown as Array<{ id: number }>).map((product) => product.id)).not.toContain(retired.id);

    expect((await rest("POST", "/products", { body: form(), headers: { cookie } })).status).toBe(403);
    expect((await rest("POST", `/products/${retired.id}/reactivate`, { headers: { cookie } })).status).toBe(403);
    const licenseBody = { licenseType: "certified_applicator", licenseNumber: "CA1", expiresOn: addDays(today, 100) };
    expect((await rest("PUT", `/staff/${crew.id}/license`, { body: licenseBody, headers: { cookie } })).status).toBe(403);
    expect((await rest("PUT", "/settings/business-license", { body: { licenseNumber: "B12345" }, headers: { cookie } })).status).toBe(403);
    expect((await rest("GET", "/settings/license", { headers: { cookie } })).status).toBe(200);
  });

  it("answers a bad EPA number over REST with the plain message", async () => {
    const { user: office } = await createStaffUser({ role: "office" });
    const answer = await rest("POST", "/products", {
      body: form({ epaRegistrationNumber: "1001070" }),
      headers: { cookie: await staffCookie(office.id) },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(PRODUCT_MESSAGES.epaNumber.slice(0, 40));
  });
});

async function aCrewId() {
  return (await addCrew(await getDb(), { name: `Crew ${unique()}` })).id;
}

describe("licenses: valid on a day", () => {
  it("answers no license, expired, a technician under an expired supervisor, and valid", async () => {
    const db = await getDb();
    const { user: rory } = await createStaffUser({ role: "crew", crewId: await aCrewId(), fullName: "Rory" });
    expect(await licenseValidOn(db, rory.id, today)).toEqual({ valid: false, reason: "Rory has no applicator license on file." });

    await setStaffLicense(db, rory.id, license({ licenseType: "certified_applicator", licenseNumber: "ca123", expiresOn: "2027-03-03" }));
    expect(await licenseValidOn(db, rory.id, "2027-03-04")).toEqual({
      valid: false,
      reason: "Rory's applicator license expired on Mar 3, 2027.",
    });
    const onLastDay = await licenseValidOn(db, rory.id, "2027-03-03");
    expect(onLastDay.valid && onLastDay.license.licenseNumber).toBe("CA123");

    const { user: tech } = await createStaffUser({ role: "crew", crewId: await aCrewId(), fullName: "Tess" });
    await setStaffLicense(
      db,
      tech.id,
      license({ licenseType: "technician", licenseNumber: "T9876", expiresOn: "2028-01-01", supervisorStaffUserId: rory.id }),
    );
    const supervised = await licenseValidOn(db, tech.id, "2027-02-01");
    expect(supervised.valid && supervised.license.supervisor).toEqual({ staffUserId: rory.id, name: "Rory", licenseNumber: "CA123" });
    expect(await licenseValidOn(db, tech.id, "2027-06-01")).toEqual({
      valid: false,
      reason: "Tess's supervising applicator's license is not valid.",
    });
  });

  it("refuses a technician's supervisor who is not a certified applicator, or themselves", async () => {
    const db = await getDb();
    const { user: a } = await createStaffUser({ role: "office" });
    const { user: b } = await createStaffUser({ role: "office" });
    const technician = (supervisorStaffUserId: number) =>
      license({ licenseType: "technician", licenseNumber: "T1234", expiresOn: "2030-01-01", supervisorStaffUserId });
    await expect(setStaffLicense(db, a.id, technician(b.id))).rejects.toThrow("must hold a certified applicator's license");
    await expect(setStaffLicense(db, a.id, technician(a.id))).rejects.toThrow("cannot supervise themselves");
    expect(ZLicenseFormSchema.safeParse({ licenseType: "technician", licenseNumber: "T1234", expiresOn: "2030-01-01" }).success).toBe(
      false,
    );
    expect(
      ZLicenseFormSchema.safeParse({ licenseType: "certified_applicator", licenseNumber: "AB", expiresOn: "2030-01-01" }).success,
    ).toBe(false);
  });
});

describe("licenses: expiry warnings", () => {
  it("warns owners on the dashboard of licenses expired or expiring within 30 days", async () => {
    const db = await getDb();
    const { user } = await createStaffUser({ role: "office", fullName: `Rory Fieldwork ${unique()}` });
    await setStaffLicense(
      db,
      user.id,
      license({ licenseType: "certified_applicator", licenseNumber: "CA555", expiresOn: addDays(today, 30) }),
    );
    const mine = () => licenseExpiryWarnings(db, today).then((list) => list.filter((warning) => warning.staffUserId === user.id));
    expect((await mine()).map((warning) => warning.message)).toEqual([
      `${user.fullName}'s applicator license expires on ${formatLicenseDay(addDays(today, 30))}.`,
    ]);
    await setStaffLicense(
      db,
      user.id,
      license({ licenseType: "certified_applicator", licenseNumber: "CA555", expiresOn: addDays(today, -1) }),
    );
    expect((await mine())[0]?.message).toContain("license expired on");
    await setStaffLicense(
      db,
      user.id,
      license({ licenseType: "certified_applicator", licenseNumber: "CA555", expiresOn: addDays(today, 31) }),
    );
    expect(await mine()).toEqual([]);
  });

  it("emails each owner once per license and expiry date, again for a new expiry date", async () => {
    const db = await getDb();
    const { user: owner } = await createStaffUser({ role: "owner" });
    const { user: holder } = await createStaffUser({ role: "office", fullName: `Holder ${unique()}` });
    const sentToOwner = () =>
      db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, owner.email!), eq(emailOutbox.kind, "staff_license_expiry")))
        .then((rows) => rows.filter((row) => row.subject.startsWith(holder.fullName!)));

    await setStaffLicense(
      db,
      holder.id,
      license({ licenseType: "certified_applicator", licenseNumber: "CA777", expiresOn: addDays(today, 45) }),
    );
    await queueLicenseExpiryEmails(db, today);
    expect(await sentToOwner()).toEqual([]);

    await setStaffLicense(
      db,
      holder.id,
      license({ licenseType: "certified_applicator", licenseNumber: "CA777", expiresOn: addDays(today, 20) }),
    );
    await queueLicenseExpiryEmails(db, today);
    await queueLicenseExpiryEmails(db, today);
    await queueLicenseExpiryEmails(db, addDays(today, 1));
    expect(await sentToOwner()).toEqual([
      { subject: `${holder.fullName}'s applicator license expires on ${formatLicenseDay(addDays(today, 20))}` },
    ]);

    await setStaffLicense(
      db,
      holder.id,
      license({ licenseType: "certified_applicator", licenseNumber: "CA777", expiresOn: addDays(today, 25) }),
    );
    await queueLicenseExpiryEmails(db, today);
    expect(await sentToOwner()).toHaveLength(2);
  });
});

describe("business license number", () => {
  it("is null until an owner sets it, and is kept in capitals", async () => {
    const db = await getDb();
    expect(await getBusinessLicense(db)).toEqual({ licenseNumber: null });
    await saveBusinessLicense(db, { licenseNumber: "b0123456" });
    expect(await getBusinessLicense(db)).toEqual({ licenseNumber: "B0123456" });
  });
});

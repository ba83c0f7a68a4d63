import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday, formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import type { TApplicationInput } from "@/lib/validation/applications";
import { APPLICATION_MESSAGES, ZAmendmentInput } from "@/lib/validation/applications";
import { ZProductFormSchema } from "@/lib/validation/products";
import { addCrew } from "@/server/crews/crews-repository";
import { deleteCustomer } from "@/server/customers/manage-customers";
import { getDb } from "@/server/db";
import {
  applicationRecordProducts,
  applicationRecords,
  emailOutbox,
  enrollmentRounds,
  enrollments,
  programs,
  schedules,
  services,
  visits,
} from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { saveBusinessLicense } from "@/server/products/business-license";
import { setStaffLicense } from "@/server/products/licenses";
import { addProduct, setProductActive } from "@/server/products/products";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { createCustomer, createStaffUser, rest, staffCookie } from "#test/support/helpers";
import type { ApplicationAuthor } from "./author";
import { amendApplication, editApplication } from "./correct";
import { whileKept } from "./kept";

const BUSINESS_LICENSE = "TPCL0045821";
let sequence = 0;
const newKey = () => `apply-${Date.now().toString(36)}-${(sequence++).toString(36)}`;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

let treatmentServiceId: number;
let mowingServiceId: number;
let productId: number;
let crewA: number;
let crewB: number;
let applicatorA: { id: number; cookie: string };
let crewMemberB: string;
let office: { id: number; cookie: string };

async function licensed(
  user: { id: number },
  license: { type: "certified_applicator" | "technician"; number: string; expiresOn: string; supervisor?: number },
) {
  await setStaffLicense(await getDb(), user.id, {
    licenseType: license.type,
    licenseNumber: license.number,
    expiresOn: license.expiresOn,
    supervisorStaffUserId: license.supervisor ?? null,
  });
}

beforeAll(async () => {
  const db = await getDb();
  const [treatment, mowing] = await db
    .insert(services)
    .values([
      { name: `Weed Control ${unique()}`, category: "fertilization", price: 6500, duration: 45, description: "Weeds" },
      { name: `Mowing ${unique()}`, category: "mowing", price: 4500, duration: 45, description: "Mowing" },
    ])
    .returning();
  treatmentServiceId = treatment!.id;
  mowingServiceId = mowing!.id;
  const product = await addProduct(
    db,
    ZProductFormSchema.parse({
      name: `Celsius WG ${unique()}`,
      epaRegistrationNumber: "432-1507",
      activeIngredients: [{ name: "Thiencarbazone", percent: 10 }],
      unit: "oz",
      defaultRate: 0.085,
      keepOffAdvice: "Keep children and pets off the lawn until the spray has dried.",
    }),
  );
  productId = product.id;
  crewA = (await addCrew(db, { name: `Treat A ${unique()}` })).id;
  crewB = (await addCrew(db, { name: `Treat B ${unique()}` })).id;
  const memberA = (await createStaffUser({ role: "crew", crewId: crewA, fullName: "Dana Reyes" })).user;
  applicatorA = { id: memberA.id, cookie: await staffCookie(memberA.id) };
  await licensed(memberA, { type: "certified_applicator", number: "CA778812", expiresOn: addDays(businessToday(), 200) });
  crewMemberB = await staffCookie((await createStaffUser({ role: "crew", crewId: crewB })).user.id);
  const officeUser = (await createStaffUser({ role: "office", fullName: "Olivia Office" })).user;
  office = { id: officeUser.id, cookie: await staffCookie(officeUser.id) };
});

/** A one-time visit of today (or another day) for a crew, of the treatment service unless told. */
async function treatmentVisit(crewId: number, options: { serviceId?: number; date?: string; customerId?: number } = {}) {
  const db = await getDb();
  const customerId = options.customerId ?? (await createCustomer()).customer.id;
  const startTime = businessInstant(options.date ?? businessToday(), "10:00");
  const [schedule] = await db
    .insert(schedules)
    .values({
      customerId,
      serviceId: options.serviceId ?? treatmentServiceId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + 45 * 60_000),
      status: "confirmed",
      totalPrice: 6500,
      crewId,
      lawnSizeSqFt: 6000,
      address: "718 Live Oak St",
      city: "Austin",
      state: "TX",
      zipCode: "78704",
    })
    .returning();
  await createPlanVisits(db, schedule!, "staff");
  const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, schedule!.id));
  return visit!;
}

const application = (overrides: Partial<TApplicationInput> = {}): TApplicationInput => ({
  products: [{ productId }],
  areaTreatedSqFt: 6000,
  targetPest: "Nutsedge and broadleaf weeds",
  windSpeedMph: 6,
  windDirection: "SE",
  temperatureF: 78,
  ...overrides,
});

function complete(visitId: number, cookie: string, body: Record<string, unknown>, key = newKey()) {
  return rest("POST", `/crew/visits/${visitId}/complete`, { body, headers: { cookie, "idempotency-key": key } });
}

async function recordsOf(visitId: number) {
  const db = await getDb();
  return db.select().from(applicationRecords).where(eq(applicationRecords.visitId, visitId));
}

describe("completing a treatment visit", () => {
  it("is refused while the business license number is not set, and then without a record", async () => {
    const db = await getDb();
    await saveBusinessLicense(db, { licenseNumber: null });
    const visit = await treatmentVisit(crewA);
    const unset = await complete(visit.id, applicatorA.cookie, { application: application() });
    expect(unset.status).toBe(409);
    expect(unset.json.message).toBe(APPLICATION_MESSAGES.businessLicenseMissing);
    await saveBusinessLicense(db, { licenseNumber: BUSINESS_LICENSE });

    const bare = await complete(visit.id, applicatorA.cookie, { note: "Done" });
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(APPLICATION_MESSAGES.recordFirst);
    // The office's status change goes through the same rule.
    const byOffice = await rest("PATCH", `/schedules/visits/${visit.id}/status`, {
      body: { status: "completed" },
      headers: { cookie: office.cookie },
    });
    expect(byOffice.status).toBe(400);
    expect(byOffice.json.message).toBe(APPLICATION_MESSAGES.recordFirst);
    const [after] = await db.select({ status: visits.status }).from(visits).where(eq(visits.id, visit.id));
    expect(after!.status).toBe("confirmed");
    expect(await recordsOf(visit.id)).toHaveLength(0);
  });

  it("is refused when the applicator's license expired, or a technician's supervisor's did", async () => {
    const db = await getDb();
    const expired = (await createStaffUser({ role: "crew", crewId: crewA, fullName: "Eli Expired" })).user;
    await licensed(expired, { type: "certified_applicator", number: "CA100200", expiresOn: addDays(businessToday(), -1) });
    const visit = await treatmentVisit(crewA);
    const answer = await complete(visit.id, await staffCookie(expired.id), { application: application() });
    expect(answer.status).toBe(409);
    expect(answer.json.message).toMatch(/^Eli Expired's applicator license expired on /);

    const supervisor = (await createStaffUser({ role: "office", fullName: "Sam Supervisor" })).user;
    await licensed(supervisor, { type: "certified_applicator", number: "CA300400", expiresOn: addDays(businessToday(), 90) });
    const technician = (await createStaffUser({ role: "crew", crewId: crewA, fullName: "Tess Technician" })).user;
    await licensed(technician, {
      type: "technician",
      number: "T500600",
      expiresOn: addDays(businessToday(), 90),
      supervisor: supervisor.id,
    });
    await licensed(supervisor, { type: "certified_applicator", number: "CA300400", expiresOn: addDays(businessToday(), -3) });
    const supervised = await complete(visit.id, await staffCookie(technician.id), { application: application() });
    expect(supervised.status).toBe(409);
    expect(supervised.json.message).toBe("Tess Technician's supervising applicator's license is not valid.");

    // With the supervisor's license renewed, the technician's record names both.
    await licensed(supervisor, { type: "certified_applicator", number: "CA300400", expiresOn: addDays(businessToday(), 90) });
    expect((await complete(visit.id, await staffCookie(technician.id), { application: application() })).status).toBe(200);
    const [record] = await recordsOf(visit.id);
    expect(record).toMatchObject({
      applicatorName: "Tess Technician",
      applicatorLicenseType: "technician",
      applicatorLicenseNumber: "T500600",
      supervisorName: "Sam Supervisor",
      supervisorLicenseNumber: "CA300400",
    });
    expect((await db.select().from(visits).where(eq(visits.id, visit.id)))[0]!.status).toBe("completed");
  });

  it("is refused with a product not on the active list, unknown or retired", async () => {
    const db = await getDb();
    const visit = await treatmentVisit(crewA);
    const unknown = await complete(visit.id, applicatorA.cookie, { application: application({ products: [{ productId: 987654 }] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe("Product #987654 is not on the active product list.");

    const retired = await addProduct(
      db,
      ZProductFormSchema.parse({
        name: `Old Atrazine ${unique()}`,
        epaRegistrationNumber: "100-497",
        activeIngredients: [{ name: "Atrazine", percent: 4 }],
        unit: "lb",
        defaultRate: 2,
      }),
    );
    await setProductActive(db, retired.id, false);
    const answer = await complete(visit.id, applicatorA.cookie, { application: application({ products: [{ productId: retired.id }] }) });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(`${retired.name} is not on the active product list.`);
    expect(await recordsOf(visit.id)).toHaveLength(0);
  });

  it("completes with its record, writing every field of §7.144 as it stands, and tells the customer once", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Grace Holloway" });
    const visit = await treatmentVisit(crewA, { customerId: customer.id });
    const answer = await complete(visit.id, applicatorA.cookie, { note: "Sprayed front and back", application: application() });
    expect(answer.status).toBe(200);
    expect(answer.json.stop).toMatchObject({ status: "completed", treatment: { lawnSizeSqFt: 6000 } });

    const [record] = await recordsOf(visit.id);
    expect(record).toMatchObject({
      customerId: customer.id,
      customerName: "Grace Holloway",
      serviceAddress: "718 Live Oak St, Austin, TX 78704",
      appliedOn: businessToday(),
      areaTreatedSqFt: 6000,
      targetPest: "Nutsedge and broadleaf weeds",
      windSpeedMph: 6,
      windDirection: "SE",
      temperatureF: 78,
      applicatorStaffUserId: applicatorA.id,
      applicatorName: "Dana Reyes",
      applicatorLicenseType: "certified_applicator",
      applicatorLicenseNumber: "CA778812",
      supervisorName: null,
      businessLicenseNumber: BUSINESS_LICENSE,
      recordedVia: "crew",
      recordedByStaffUserId: applicatorA.id,
      recordedByName: "Dana Reyes",
      amendsRecordId: null,
    });
    expect(record!.billingAddress.length).toBeGreaterThan(0);
    const products = await db.select().from(applicationRecordProducts).where(eq(applicationRecordProducts.recordId, record!.id));
    // 0.085 oz per 1,000 sq ft over 6,000 sq ft: 0.51 oz.
    expect(products).toEqual([
      expect.objectContaining({ productId, epaRegistrationNumber: "432-1507", unit: "oz", amountThousandths: 510, rateThousandths: 85 }),
    ]);

    const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.to, customer.email));
    const notice = notices.filter((email) => email.kind === "application_notice");
    expect(notice).toHaveLength(1);
    expect(notice[0]!.body).toContain("Nutsedge and broadleaf weeds");
    expect(notice[0]!.body).toContain("432-1507");
    expect(notice[0]!.body).toContain("Keep children and pets off the lawn until the spray has dried.");

    const read = await rest("GET", `/visits/${visit.id}/application`, { headers: { cookie: applicatorA.cookie } });
    expect(read.status).toBe(200);
    expect(read.json.record).toMatchObject({ id: record!.id, products: [expect.objectContaining({ amount: 0.51 })] });
    expect(read.json.amendments).toEqual([]);
  });

  it("lets the office complete with a record for a licensed applicator it picks", async () => {
    const visit = await treatmentVisit(crewA);
    const answer = await rest("PATCH", `/schedules/visits/${visit.id}/status`, {
      body: {
        status: "completed",
        application: application({
          applicatorStaffUserId: applicatorA.id,
          products: [{ productId, mixingRate: "0.5 oz/gal", totalMix: "2 gal" }],
        }),
      },
      headers: { cookie: office.cookie },
    });
    expect(answer.status).toBe(200);
    const [record] = await recordsOf(visit.id);
    expect(record).toMatchObject({ applicatorName: "Dana Reyes", recordedVia: "office", recordedByName: "Olivia Office" });
    const db = await getDb();
    const [product] = await db.select().from(applicationRecordProducts).where(eq(applicationRecordProducts.recordId, record!.id));
    expect(product).toMatchObject({ amountThousandths: null, mixingRate: "0.5 oz/gal", totalMix: "2 gal" });
  });

  it("keeps other services' completions as they were, and refuses a record on one", async () => {
    const visit = await treatmentVisit(crewA, { serviceId: mowingServiceId });
    const withRecord = await complete(visit.id, applicatorA.cookie, { application: application() });
    expect(withRecord.status).toBe(400);
    expect(withRecord.json.message).toBe(APPLICATION_MESSAGES.notTreatment);
    expect((await complete(visit.id, applicatorA.cookie, {})).status).toBe(200);
  });

  it("refuses saving a one-time treatment plan straight to completed", async () => {
    const db = await getDb();
    const visit = await treatmentVisit(crewA);
    const [plan] = await db.select().from(schedules).where(eq(schedules.id, visit.scheduleId));
    const answer = await rest("PUT", `/schedules/${plan!.id}`, {
      body: {
        customerId: plan!.customerId,
        serviceId: treatmentServiceId,
        date: businessToday(),
        startTime: businessInstant(businessToday(), "10:00").toISOString(),
        endTime: businessInstant(businessToday(), "10:45").toISOString(),
        status: "completed",
        totalPrice: 6500,
        crewId: crewA,
        isRecurring: false,
      },
      headers: { cookie: office.cookie },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(APPLICATION_MESSAGES.recordFirst);
  });

  it("answers another crew's visit as not found", async () => {
    const visit = await treatmentVisit(crewA);
    expect((await complete(visit.id, crewMemberB, { application: application() })).status).toBe(404);
    expect((await rest("GET", `/visits/${visit.id}/application`, { headers: { cookie: crewMemberB } })).status).toBe(404);
  });

  it("makes one record and one notice however often the offline completion is replayed", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const visit = await treatmentVisit(crewA, { customerId: customer.id });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => complete(visit.id, applicatorA.cookie, { application: application() }, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json.replayed === false)).toHaveLength(1);
    expect(await recordsOf(visit.id)).toHaveLength(1);
    const notices = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, customer.email), eq(emailOutbox.kind, "application_notice")));
    expect(notices).toHaveLength(1);
  });
});

describe("correcting a record", () => {
  const crewAuthor = (): ApplicationAuthor => ({ staffUserId: applicatorA.id, apiKeyId: null, crewId: crewA, via: "crew" });
  const officeAuthor = (): ApplicationAuthor => ({ staffUserId: office.id, apiKeyId: null, crewId: null, via: "office" });

  async function recorded() {
    const visit = await treatmentVisit(crewA);
    expect((await complete(visit.id, applicatorA.cookie, { application: application() })).status).toBe(200);
    return { visit, record: (await recordsOf(visit.id))[0]! };
  }

  it("is edited in place on its day, and only by an amendment after it", async () => {
    const db = await getDb();
    const { visit, record } = await recorded();
    const edited = await editApplication(db, record.id, application({ windSpeedMph: 8 }), crewAuthor());
    expect(edited).toMatchObject({ id: record.id, windSpeedMph: 8 });
    const put = await rest("PUT", `/applications/${record.id}`, {
      body: application({ temperatureF: 80 }),
      headers: { cookie: office.cookie },
    });
    expect(put.status).toBe(200);
    expect(put.json.temperatureF).toBe(80);

    const tomorrow = new Date(Date.now() + 86_400_000);
    await expect(editApplication(db, record.id, application(), officeAuthor(), tomorrow)).rejects.toThrow(APPLICATION_MESSAGES.afterItsDay);

    const amendment = await amendApplication(
      db,
      record.id,
      ZAmendmentInput.parse({ ...application({ targetPest: "Crabgrass (post-emergent)" }), reason: "Wrong target written down" }),
      officeAuthor(),
    );
    expect(amendment).toMatchObject({
      amendsRecordId: record.id,
      amendmentReason: "Wrong target written down",
      targetPest: "Crabgrass (post-emergent)",
      recordedByName: "Olivia Office",
      appliedOn: record.appliedOn,
      customerName: record.customerName,
    });
    const [original] = await db.select().from(applicationRecords).where(eq(applicationRecords.id, record.id));
    expect(original!.targetPest).toBe("Nutsedge and broadleaf weeds");

    // An amended record is not amended again: the latest version is.
    const again = await rest("POST", `/applications/${record.id}/amendments`, {
      body: { ...application(), reason: "Again" },
      headers: { cookie: office.cookie },
    });
    expect(again.status).toBe(409);
    const chain = await rest("GET", `/visits/${visit.id}/application`, { headers: { cookie: office.cookie } });
    expect((chain.json.record as { id: number }).id).toBe(record.id);
    expect((chain.json.amendments as Array<{ id: number }>).map((version) => version.id)).toEqual([amendment.id]);
    const latest = await rest("POST", `/applications/${amendment.id}/amendments`, {
      body: { ...application({ temperatureF: 81 }), reason: "Temperature misread" },
      headers: { cookie: office.cookie },
    });
    expect(latest.status).toBe(201);
  });

  it("cannot change after its day in the database either: a plain 409, never a 500", async () => {
    const db = await getDb();
    const { record } = await recorded();
    // The record as it would stand tomorrow: written for yesterday.
    await db.execute(sql`alter table application_records disable trigger application_records_keep`);
    await db
      .update(applicationRecords)
      .set({ appliedOn: addDays(businessToday(), -1) })
      .where(eq(applicationRecords.id, record.id));
    await db.execute(sql`alter table application_records enable trigger application_records_keep`);

    await expect(
      whileKept(() => db.update(applicationRecords).set({ targetPest: "Rewritten" }).where(eq(applicationRecords.id, record.id))),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(whileKept(() => db.delete(applicationRecords).where(eq(applicationRecords.id, record.id)))).rejects.toBeInstanceOf(
      ConflictError,
    );
    const put = await rest("PUT", `/applications/${record.id}`, { body: application(), headers: { cookie: office.cookie } });
    expect(put.status).toBe(409);
    expect(put.json.message).toBe(APPLICATION_MESSAGES.afterItsDay);
  });

  it("lets a crew member correct only the records they wrote", async () => {
    const { record } = await recorded();
    const otherMember = (await createStaffUser({ role: "crew", crewId: crewA })).user;
    const answer = await rest("PUT", `/applications/${record.id}`, {
      body: application(),
      headers: { cookie: await staffCookie(otherMember.id) },
    });
    expect(answer.status).toBe(404);
    expect((await rest("GET", `/applications/${record.id}`, { headers: { cookie: crewMemberB } })).status).toBe(404);
  });
});

describe("a customer deleted", () => {
  it("leaves their records with the names and addresses as recorded", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Harold Finch" });
    const visit = await treatmentVisit(crewA, { customerId: customer.id });
    expect((await complete(visit.id, applicatorA.cookie, { application: application() })).status).toBe(200);
    const [before] = await recordsOf(visit.id);

    await deleteCustomer(db, customer.id);
    const [after] = await db.select().from(applicationRecords).where(eq(applicationRecords.id, before!.id));
    expect(after).toMatchObject({
      customerId: null,
      visitId: null,
      customerName: "Harold Finch",
      billingAddress: before!.billingAddress,
      serviceAddress: before!.serviceAddress,
    });
  });
});

describe("the customer's notice", () => {
  it("names the next round's window when the visit is a round of a program", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    const visit = await treatmentVisit(crewA, { customerId: customer.id });
    const season = Number(businessToday().slice(0, 4));
    const [program] = await db
      .insert(programs)
      .values({ name: `Six rounds ${unique()}` })
      .returning();
    const [enrollment] = await db
      .insert(enrollments)
      .values({ customerId: customer.id, programId: program!.id, season, source: "staff" })
      .returning();
    await db.insert(enrollmentRounds).values([
      {
        enrollmentId: enrollment!.id,
        position: 1,
        serviceId: treatmentServiceId,
        windowStart: "01-01",
        windowEnd: "12-31",
        minDaysSincePrevious: 0,
        purpose: "Pre-emergent crabgrass control",
        price: 6500,
        visitId: visit.id,
      },
      {
        enrollmentId: enrollment!.id,
        position: 2,
        serviceId: treatmentServiceId,
        windowStart: "01-01",
        windowEnd: "12-31",
        minDaysSincePrevious: 1,
        purpose: "Broadleaf weeds",
        price: 6500,
      },
    ]);
    const day = await rest("GET", "/crew/day", { headers: { cookie: applicatorA.cookie } });
    const stop = (day.json.stops as Array<{ visitId: string; treatment: unknown }>).find((one) => one.visitId === String(visit.id));
    expect(stop?.treatment).toMatchObject({ lawnSizeSqFt: 6000, purpose: "Pre-emergent crabgrass control", recordId: null });
    expect((day.json.products as Array<{ id: number }>).map((product) => product.id)).toContain(productId);

    expect(
      (await complete(visit.id, applicatorA.cookie, { application: application({ targetPest: "Pre-emergent crabgrass control" }) })).status,
    ).toBe(200);
    const [notice] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, customer.email), eq(emailOutbox.kind, "application_notice")));
    // The gap counts from today, the first round's day: a day on (the window runs to the year's end).
    const opens = formatBusinessDate(startOfBusinessDay(addDays(businessToday(), 1)), "MMMM d");
    expect(notice!.body).toContain(`Round 2, between ${opens} and December 31`);
  });
});

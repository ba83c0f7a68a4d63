import { beforeAll, describe, expect, it } from "vitest";
import { REPORT_PERIOD_MESSAGES } from "@/lib/reports";
import { getDb } from "@/server/db";
import { deleteCustomer } from "@/server/customers/manage-customers";
import { addCrew } from "@/server/crews/crews-repository";
import type { Product } from "@/server/products/products";
import { aLawnProduct, amendApplicationRecord, insertApplicationRecord, productLine } from "#test/fixtures/application-records";
import { createCustomer, createStaffUser, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { applicationsReport } from "./applications-report";
import { APPLICATION_CSV_COLUMNS, applicationsCsv } from "./csv";

// June 2033, far from any other test's records; the days either side hold records that must stay out.
const JUNE = { from: "2033-06-01", to: "2033-06-30" };

let productA: Product;
let productB: Product;
let applicator: { id: number };
let technician: { id: number };
let onFile: { id: number };
let crewId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = await getDb();
  [productA, productB] = await Promise.all([aLawnProduct(), aLawnProduct({ unit: "fl oz" })]);
  crewId = (await addCrew(db, { name: `Crew ${Date.now().toString(36)}` })).id;
  applicator = (await createStaffUser({ role: "crew", crewId, fullName: "Dale Green" })).user;
  technician = (await createStaffUser({ role: "crew", crewId, fullName: "Tess Rowe" })).user;
  onFile = (await createCustomer({ fullName: "Rosa Diaz" })).customer;
  const gone = (await createCustomer({ fullName: "Marta Quiroga" })).customer;
  const by = { applicatorStaffUserId: applicator.id, customerId: onFile.id };

  ids.dayBefore = (await insertApplicationRecord("2033-05-31", "23:59", by, [productLine(productA)])).id;
  ids.firstMinute = (await insertApplicationRecord("2033-06-01", "00:01", by, [productLine(productA)])).id;
  ids.lastMinute = (
    await insertApplicationRecord(
      "2033-06-30",
      "23:59",
      {
        ...by,
        applicatorStaffUserId: technician.id,
        applicatorName: "Tess Rowe",
        applicatorLicenseType: "technician",
        applicatorLicenseNumber: "T-0777001",
        supervisorName: "Dale Green",
        supervisorLicenseNumber: "CA-0012345",
      },
      [
        productLine(productA),
        productLine(productB, { amountThousandths: null, rateThousandths: null, mixingRate: "2 fl oz per gal", totalMix: "10 gal" }),
      ],
    )
  ).id;
  ids.dayAfter = (await insertApplicationRecord("2033-07-01", "00:01", by, [productLine(productA)])).id;

  const original = await insertApplicationRecord("2033-06-10", "09:30", by, [productLine(productA)]);
  const first = await amendApplicationRecord(original, "Wrong product written down", {}, [productLine(productB)]);
  const second = await amendApplicationRecord(first, "Area was 4,000 sq ft", { areaTreatedSqFt: 4000, recordedByName: "Olive Office" }, [
    productLine(productB),
  ]);
  Object.assign(ids, { original: original.id, firstAmendment: first.id, secondAmendment: second.id });

  ids.deletedCustomer = (
    await insertApplicationRecord("2033-06-15", "14:00", { ...by, customerId: gone.id, customerName: "Marta Quiroga" }, [
      productLine(productA),
    ])
  ).id;
  await deleteCustomer(db, gone.id);
});

const idsOf = async (filters: Record<string, unknown> = {}) =>
  (await applicationsReport(await getDb(), { ...JUNE, ...filters })).records.map((record) => record.id);

describe("the inspector's applications report", () => {
  it("takes the records of the period's Austin days, 00:01 on the first to 23:59 on the last, in order", async () => {
    expect(await idsOf()).toEqual([ids.firstMinute, ids.secondAmendment, ids.deletedCustomer, ids.lastMinute]);
    expect(await idsOf({ from: "2033-05-31", to: "2033-05-31" })).toEqual([ids.dayBefore]);
    expect(await idsOf({ from: "2033-07-01", to: "2033-07-01" })).toEqual([ids.dayAfter]);
  });

  it("shows an amended record as its latest version, with the original's reference and why", async () => {
    const report = await applicationsReport(await getDb(), JUNE);
    const amended = report.records.find((record) => record.id === ids.secondAmendment)!;
    expect(amended.areaTreatedSqFt).toBe(4000);
    expect(amended.products.map((product) => product.productId)).toEqual([productB.id]);
    expect(amended.amendment).toMatchObject({
      originalRecordId: ids.original,
      amendsRecordId: ids.firstAmendment,
      amendments: 2,
      reason: "Area was 4,000 sq ft",
      amendedBy: "Olive Office",
    });
    expect(report.records.find((record) => record.id === ids.firstMinute)!.amendment).toBeNull();
  });

  it("filters by product on the standing version, by applicator and by customer", async () => {
    // The amendment took product A off: the original's product no longer lists it.
    expect(await idsOf({ productId: productA.id })).toEqual([ids.firstMinute, ids.deletedCustomer, ids.lastMinute]);
    expect(await idsOf({ productId: productB.id })).toEqual([ids.secondAmendment, ids.lastMinute]);
    expect(await idsOf({ staffUserId: technician.id })).toEqual([ids.lastMinute]);
    expect(await idsOf({ staffUserId: applicator.id })).toEqual([ids.firstMinute, ids.secondAmendment, ids.deletedCustomer]);
    expect(await idsOf({ customerId: onFile.id })).toEqual([ids.firstMinute, ids.secondAmendment, ids.lastMinute]);
  });

  it("still lists a deleted customer's records, under the name and addresses they were written with", async () => {
    expect(await idsOf({ customerName: "marta QUIROGA" })).toEqual([ids.deletedCustomer]);
    const report = await applicationsReport(await getDb(), JUNE);
    const record = report.records.find((each) => each.id === ids.deletedCustomer)!;
    expect(record).toMatchObject({ customerId: null, customerName: "Marta Quiroga", serviceAddress: "500 E 6th St, Austin, TX 78701" });
    expect(report.choices.customers).toEqual([
      { id: null, name: "Marta Quiroga" },
      { id: onFile.id, name: "Rosa Diaz" },
    ]);
    expect(report.choices.applicators.map((each) => each.id).sort()).toEqual([applicator.id, technician.id].sort());
  });

  it("carries a technician's supervising certified applicator", async () => {
    const [record] = (await applicationsReport(await getDb(), { ...JUNE, staffUserId: technician.id })).records;
    expect(record).toMatchObject({
      applicatorName: "Tess Rowe",
      applicatorLicenseType: "technician",
      applicatorLicenseNumber: "T-0777001",
      supervisorName: "Dale Green",
      supervisorLicenseNumber: "CA-0012345",
      businessLicenseNumber: "BL-0099887",
    });
    expect(record!.products[1]).toMatchObject({ amount: null, mixingRate: "2 fl oz per gal", totalMix: "10 gal" });
  });

  it("writes the CSV with every §7.144 field as a column and one line per product applied", async () => {
    const { records } = await applicationsReport(await getDb(), JUNE);
    const lines = applicationsCsv(records).trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    for (const column of [
      "Customer",
      "Billing address",
      "Service address",
      "Product",
      "EPA registration number",
      "Amount applied",
      "Mixing rate",
      "Total mix",
      "Target pest or purpose",
      "Date applied",
      "Time applied",
      "Applicator",
      "Applicator license number",
      "Supervising certified applicator",
      "Supervisor license number",
      "Business license number",
    ]) {
      expect(header).toContain(column);
    }
    expect(header).toHaveLength(APPLICATION_CSV_COLUMNS.length);
    // Four records, the technician's with two products.
    expect(lines).toHaveLength(1 + 5);
    const technicianLines = lines.filter((line) => line.startsWith(`${ids.lastMinute},`));
    expect(technicianLines).toHaveLength(2);
    expect(technicianLines[0]).toContain(`2033-06-30,23:59,Rosa Diaz,"PO Box 1200, Austin, TX 78767"`);
    expect(technicianLines[1]).toContain(`${productB.name},228-564,,fl oz,,2 fl oz per gal,10 gal`);
    expect(technicianLines[1]).toContain("Tess Rowe,Technician,T-0777001,Dale Green,CA-0012345,BL-0099887");
  });

  it("keeps a customer's formula-like text from running in a spreadsheet", async () => {
    const record = await insertApplicationRecord("2033-08-02", "10:00", { customerName: "=HYPERLINK(1)" }, [productLine(productA)]);
    const { records } = await applicationsReport(await getDb(), { from: "2033-08-02", to: "2033-08-02" });
    expect(records.map((each) => each.id)).toEqual([record.id]);
    expect(applicationsCsv(records)).toContain(",'=HYPERLINK(1),");
  });
});

describe("the applications report over REST", () => {
  it("answers the office, refuses a crew member (403), and names a wrong period (400)", async () => {
    const { user: office } = await createStaffUser({ role: "office" });
    const { user: crew } = await createStaffUser({ role: "crew", crewId });
    const path = `/reports/applications?from=${JUNE.from}&to=${JUNE.to}&productId=${productB.id}`;

    const answer = await rest("GET", path, { headers: { cookie: await staffCookie(office.id) } });
    expect(answer.status).toBe(200);
    const records = (answer.json as { records: Array<{ id: number; appliedAt: string }> }).records;
    expect(records.map((record) => record.id)).toEqual([ids.secondAmendment, ids.lastMinute]);

    expect((await rest("GET", path, { headers: { cookie: await staffCookie(crew.id) } })).status).toBe(403);
    await expect((await staffCaller(crew.id)).applicationsReport.get(JUNE)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const backwards = await rest("GET", "/reports/applications?from=2033-06-30&to=2033-06-01", {
      headers: { cookie: await staffCookie(office.id) },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain(REPORT_PERIOD_MESSAGES.order);
    const tooLong = await rest("GET", "/reports/applications?from=2032-01-01&to=2033-01-02", {
      headers: { cookie: await staffCookie(office.id) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(REPORT_PERIOD_MESSAGES.length);
    const badId = await rest("GET", `/reports/applications?from=${JUNE.from}&to=${JUNE.to}&productId=abc`, {
      headers: { cookie: await staffCookie(office.id) },
    });
    expect(badId.status).toBe(400);
  });
});

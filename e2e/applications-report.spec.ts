import { readFile } from "node:fs/promises";
import { hash } from "@node-rs/argon2";
import { expect, test, type Page } from "@playwright/test";
import { businessInstant } from "../src/lib/business-time";
import { useE2eDatabase, withE2eDatabase } from "./fixtures/database";

// The inspector's applications report (docs/product-rules.md#the-inspectors-report): the office
// opens it from Reports, picks May 2024 (far from what other journeys write), filters by a product,
// downloads the CSV and prints the records with every field 4 TAC §7.144 asks.
useE2eDatabase();

const EMAIL = "inspector.lawn@example.com";
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/applications-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Seeded {
  office: { username: string; password: string };
  granular: string;
  liquid: string;
  license: string;
}

/**
 * An office member, two products and, for one customer, three applications in May 2024: a certified
 * applicator's, a technician's (two products, one by mixing rate) and one amended the next day.
 * Records that old may be removed, so a retry starts afresh.
 */
async function seed(): Promise<Seeded> {
  const suffix = Date.now().toString(36);
  const password = "inspect-the-lawn-1";
  const passwordHash = await hash(password, ARGON2_OPTIONS);
  return withE2eDatabase(async (sql) => {
    await sql`delete from application_records where amends_record_id is not null and customer_id in (select id from customers where email = ${EMAIL})`;
    await sql`delete from application_records where customer_id in (select id from customers where email = ${EMAIL})`;
    await sql`delete from customers where email = ${EMAIL}`;
    await sql`insert into business_settings (key, value) values ('business_license', ${sql.json({ licenseNumber: "TPCL-0042123" })})
      on conflict (key) do nothing`;
    const [setting] = await sql<
      Array<{ value: { licenseNumber: string | null } }>
    >`select value from business_settings where key = 'business_license'`;
    const license = setting?.value.licenseNumber ?? "TPCL-0042123";
    const staff = async (name: string, role: string) => {
      const username = `${name.split(" ")[0]!.toLowerCase()}_${suffix}`;
      const [row] = await sql<Array<{ id: number }>>`insert into staff_users (username, password_hash, full_name, email, role)
        values (${username}, ${passwordHash}, ${name}, ${`${username}@example.com`}, ${role}) returning id`;
      return { id: row!.id, username };
    };
    const office = await staff("Olive Ledger", "office");
    const dale = await staff("Dale Green", "office");
    const tess = await staff("Tess Rowe", "office");
    const product = async (name: string, epa: string, unit: string) => {
      const [row] = await sql<
        Array<{ id: number }>
      >`insert into products (name, epa_registration_number, active_ingredients, unit, default_rate_thousandths)
        values (${name}, ${epa}, ${sql.json([{ name: "Prodiamine", percent: 0.37 }])}, ${unit}, 3000) returning id`;
      return { id: row!.id, name, epa, unit };
    };
    const granular = await product(`Crabgrass Preventer ${suffix}`, "228-564", "lb");
    const liquid = await product(`Broadleaf Liquid ${suffix}`, "62719-324-34", "fl oz");
    const [customer] = await sql<Array<{ id: number }>>`insert into customers (full_name, email, phone, address, city, state, zip_code)
      values ('Reed Bloom', ${EMAIL}, '(512) 555-0177', '1400 Barton Springs Rd', 'Austin', 'TX', '78704') returning id`;

    const record = async (day: string, time: string, values: Record<string, unknown>, lines: Array<Record<string, unknown>>) => {
      const row = {
        customer_id: customer!.id,
        applied_on: day,
        applied_at: businessInstant(day, time),
        customer_name: "Reed Bloom",
        billing_address: "PO Box 4410, Austin, TX 78765",
        service_address: "1400 Barton Springs Rd, Austin, TX 78704",
        area_treated_sq_ft: 6200,
        target_pest: "Crabgrass (pre-emergent)",
        wind_speed_mph: 5,
        wind_direction: "S",
        temperature_f: 78,
        applicator_staff_user_id: dale.id,
        applicator_name: "Dale Green",
        applicator_license_type: "certified_applicator",
        applicator_license_number: "CA-0012345",
        business_license_number: license,
        recorded_via: "crew",
        recorded_by_name: "Dale Green",
        ...values,
      };
      const [inserted] = await sql<Array<{ id: number }>>`insert into application_records ${sql(row)} returning id`;
      for (const line of lines) await sql`insert into application_record_products ${sql({ record_id: inserted!.id, ...line })}`;
      return inserted!.id;
    };
    const line = (p: { id: number; name: string; epa: string; unit: string }, extra: Record<string, unknown> = {}) => ({
      product_id: p.id,
      product_name: p.name,
      epa_registration_number: p.epa,
      unit: p.unit,
      amount_thousandths: 18_600,
      rate_thousandths: 3000,
      ...extra,
    });
    await record("2024-05-06", "09:15", {}, [line(granular)]);
    await record(
      "2024-05-14",
      "13:40",
      {
        applicator_staff_user_id: tess.id,
        applicator_name: "Tess Rowe",
        applicator_license_type: "technician",
        applicator_license_number: "T-0777001",
        supervisor_name: "Dale Green",
        supervisor_license_number: "CA-0012345",
        target_pest: "Dandelion and clover",
        recorded_by_name: "Tess Rowe",
      },
      [
        line(granular),
        line(liquid, { amount_thousandths: null, rate_thousandths: null, mixing_rate: "2 fl oz per gal", total_mix: "12 gal" }),
      ],
    );
    const original = await record("2024-05-20", "10:05", {}, [line(granular)]);
    await record(
      "2024-05-20",
      "10:05",
      {
        amends_record_id: original,
        amendment_reason: "Wrong product written down",
        recorded_via: "office",
        recorded_by_name: "Olive Ledger",
      },
      [line(liquid, { amount_thousandths: 9_000, rate_thousandths: 1450 })],
    );
    return { office: { username: office.username, password }, granular: granular.name, liquid: liquid.name, license };
  });
}

test("the office filters the applications report by product, downloads its CSV and prints it", async ({ page }) => {
  const seeded = await seed();
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await page.request.post("/api/auth/login", { data: seeded.office })).ok()).toBe(true);
  await page.goto("/reports");
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL(/\/reports\/applications\?from=/);

  await page.getByLabel("From", { exact: true }).fill("2024-05-01");
  await page.getByLabel("To", { exact: true }).fill("2024-05-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/reports\/applications\?from=2024-05-01&to=2024-05-31/);
  const table = page.locator("[data-applications-table]");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(page.getByText(`Business license ${seeded.license}.`)).toBeVisible();
  await expect(table).toContainText("Supervised by Dale Green (CA-0012345)");
  await expect(table).toContainText("Amended (original #");
  await shoot(page, "report");

  // One product: the amendment applied it, its original did not; the technician's visit did too.
  await page.getByLabel("Product").selectOption({ label: seeded.liquid });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/productId=\d+/);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table).toContainText("2 fl oz per gal");
  await expect(table).toContainText("Wrong product written down");
  await expect(page.getByText(`Product: ${seeded.liquid}`)).toBeVisible();
  await shoot(page, "by-product");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("application-records-2024-05-01-to-2024-05-31.csv");
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toContain("Customer,Billing address,Service address,Product,EPA registration number,Amount applied");
  expect(lines[0]).toContain("Applicator,Applicator license type,Applicator license number,Supervising certified applicator");
  // The technician's two products are two lines; the amended record one.
  expect(lines).toHaveLength(1 + 3);
  expect(lines.filter((line) => line.includes("Tess Rowe,Technician,T-0777001,Dale Green,CA-0012345"))).toHaveLength(2);

  await page.getByRole("link", { name: "Print view" }).click();
  await expect(page).toHaveURL(/\/reports\/applications\/print\?from=2024-05-01&to=2024-05-31&productId=\d+/);
  await expect(page.getByRole("heading", { name: "Pesticide application records", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff" })).toHaveCount(0);
  await expect(page.getByText(`Business license number: ${seeded.license}`)).toBeVisible();
  const blocks = page.locator("article[data-application-record]");
  await expect(blocks).toHaveCount(2);
  for (const label of [
    "Date and time",
    "Customer",
    "Billing address",
    "Service address",
    "Products",
    "Target pest or purpose",
    "Area treated",
    "Wind and temperature",
    "Applicator",
    "Supervising certified applicator",
    "Business license",
    "Recorded by",
  ]) {
    await expect(blocks.first().getByText(label, { exact: true })).toBeVisible();
  }
  await expect(blocks.first()).toContainText(`${seeded.liquid}, EPA Reg. No. 62719-324-34: mixing rate 2 fl oz per gal; total mix 12 gal`);
  await expect(blocks.first()).toContainText("Tess Rowe, Technician license T-0777001");
  await expect(blocks.last()).toContainText("Wrong product written down (Olive Ledger)");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await shoot(page, "print-screen");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.screenshot({ path: "screenshots/applications-print-media.png", fullPage: true });
  await page.emulateMedia({ media: "screen" });
});

test("a crew member cannot open the applications report, its CSV or its print view", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { office } = await seed();
    // The office member is made a crew member of a new crew for this check; a retired one, so the
    // booking journeys that follow still find the business's two crews.
    await withE2eDatabase(async (sql) => {
      const [crew] = await sql<
        Array<{ id: number }>
      >`insert into crews (name, active) values (${`Inspect ${Date.now().toString(36)}`}, false) returning id`;
      await sql`update staff_users set role = 'crew', crew_id = ${crew!.id} where username = ${office.username}`;
    });
    expect((await page.request.post("/api/auth/login", { data: office })).ok()).toBe(true);
    await page.goto("/reports/applications?from=2024-05-01&to=2024-05-31");
    await expect(page).toHaveURL(/\/crew$/);
    await page.goto("/reports/applications/print?from=2024-05-01&to=2024-05-31");
    await expect(page).toHaveURL(/\/crew$/);
    expect((await page.request.get("/reports/applications/export?from=2024-05-01&to=2024-05-31")).status()).toBe(403);
    expect((await page.request.get("/api/reports/applications?from=2024-05-01&to=2024-05-31")).status()).toBe(403);
  } finally {
    await context.close();
  }
});

import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { businessInstant } from "../src/lib/business-time";
import { signInAsStaff } from "./fixtures/accounts";
import { crewMember } from "./fixtures/crew";
import { useE2eDatabase, withE2eDatabase } from "./fixtures/database";

// Reports (docs/product-rules.md#reports): the owner opens Reports, picks a period in March 2024
// (far from what other journeys write), reads the figures against March 2023, downloads a table's
// CSV and finds the same totals; on a phone the account menu leads there; without JavaScript the
// tables are all there; a crew member is kept out.
useE2eDatabase();

const EMAIL = "reports.ledger@example.com";

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/reports-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Payments in March 2024 and one in March 2023, written as settled rows; a retry starts afresh. */
async function seedPayments() {
  await withE2eDatabase(async (sql) => {
    await sql`delete from payment_refunds where payment_id in (select id from payments where billed_email = ${EMAIL})`;
    await sql`delete from payments where billed_email = ${EMAIL}`;
    await sql`delete from customers where email = ${EMAIL}`;
    const [customer] = await sql<Array<{ id: number }>>`insert into customers (full_name, email, phone, address, city, state, zip_code)
      values ('Reed Ledger', ${EMAIL}, '(512) 555-0144', '1200 Ledger Ln', 'Austin', 'TX', '78704') returning id`;
    const pay = async (method: string, amount: number, day: string) => {
      const [row] = await sql<Array<{ id: number }>>`insert into payments (customer_id, amount, status, method, payment_date)
        values (${customer!.id}, ${amount}, 'completed', ${method}, ${businessInstant(day, "10:00")}) returning id`;
      return row!.id;
    };
    const card = await pay("card", 12_000, "2024-03-04");
    await pay("cash", 4_500, "2024-03-12");
    await pay("check", 3_000, "2024-03-20");
    await pay("cash", 5_000, "2023-03-15");
    await sql`insert into payment_refunds (payment_id, stripe_refund_id, amount, reason, status, confirmed_at)
      values (${card}, ${`re_reports_${Date.now()}`}, 2000, 'Hedge left for next visit', 'succeeded', ${businessInstant("2024-03-22", "15:00")})`;
  });
}

/** A money figure as the page shows it ($1,234.56), in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, "")) * 100);

test("the owner reads revenue for a period against a year before, and the CSV matches the table", async ({ page }) => {
  await seedPayments();
  await signInAsStaff(page);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  const reports = page.getByRole("navigation", { name: "Reports" });
  await expect(reports.getByRole("link", { name: "Revenue" })).toHaveAttribute("aria-current", "page");

  // The period goes into the address, and nothing personal does.
  await page.getByLabel("From").fill("2024-03-01");
  await page.getByLabel("To").fill("2024-03-31");
  await page.getByLabel("Group by").selectOption("week");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/reports\?report=revenue&from=2024-03-01&to=2024-03-31&by=week$/);
  await expect(page.getByText("Revenue from Mar 1, 2024 to Mar 31, 2024, against Mar 1, 2023 to Mar 31, 2023.")).toBeVisible();

  const summary = page.locator('[data-report-table="summary"]');
  const netRow = summary.getByRole("row", { name: /Net revenue/ });
  await expect(netRow.getByRole("cell").nth(0)).toHaveText("$175.00");
  await expect(netRow.getByRole("cell").nth(1)).toHaveText("$50.00");
  await expect(netRow.getByRole("cell").nth(2)).toHaveText("250%");

  const byWeek = page.locator('[data-report-table="revenue"]');
  const total = byWeek.locator("[data-report-total]");
  await expect(total.getByRole("cell").nth(4)).toHaveText("$175.00");
  const shown = await total.getByRole("cell").allTextContents();

  // The chart is drawn into its box once the script is there.
  await expect(page.getByRole("img", { name: /Chart: Net revenue by week/ }).locator("canvas")).toBeVisible();
  await shoot(page, "revenue");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV: Revenue by week" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("revenue-revenue-2024-03-01-to-2024-03-31-by-week.csv");
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Week of,Card ($),Cash ($),Check ($),Refunds ($),Net ($),Net a year before ($)");
  const csvTotal = lines.at(-1)!.split(",");
  expect(csvTotal[0]).toBe("Total");
  // Every total of the file is the table's, to the cent.
  expect(csvTotal.slice(1).map((value) => Math.round(Number(value) * 100))).toEqual(shown.map(cents));

  // Owed is a picture of the period's last day.
  await reports.getByRole("link", { name: "Owed" }).click();
  await expect(page).toHaveURL(/report=owed&from=2024-03-01&to=2024-03-31/);
  await expect(page.getByText("Owed at the end of Mar 31, 2024, against the end of Mar 31, 2023.")).toBeVisible();
  await expect(page.locator('[data-report-table="aging"]').getByRole("rowheader", { name: "Over 90 days" })).toBeVisible();
  await shoot(page, "owed");
});

test("on a phone the account menu leads to Reports; without JavaScript the tables are all there", async ({ browser, page }) => {
  await signInAsStaff(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Work" }).click();
  await expect(page.locator('[data-report-table="weeks"]')).toBeVisible();
  await page.screenshot({ path: "screenshots/reports-work-phone-375.png", fullPage: true });

  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  try {
    const plain = await noScript.newPage();
    await signInAsStaff(plain);
    await plain.goto("/reports?report=quotes&from=2024-01-01&to=2024-06-30");
    await expect(plain.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    await expect(plain.locator('[data-report-table="months"]').getByRole("row")).toHaveCount(1 + 6 + 1);
    await expect(plain.getByRole("img", { name: /Chart/ })).toBeHidden();
    await plain.screenshot({ path: "screenshots/reports-quotes-no-js-375.png", fullPage: true });
  } finally {
    await noScript.close();
  }
});

test("a crew member cannot open Reports, its CSV or its API", async ({ browser, page }) => {
  await signInAsStaff(page);
  const crew = await page.request.post("/api/crews", { data: { name: `Ledger ${Date.now().toString(36)}` } });
  expect(crew.status(), await crew.text()).toBe(201);
  const crewId = ((await crew.json()) as { id: number }).id;
  const context = await browser.newContext();
  try {
    const { username, password } = await crewMember(crewId);
    const phone = await context.newPage();
    expect((await phone.request.post("/api/auth/login", { data: { username, password } })).ok()).toBe(true);
    await phone.goto("/reports");
    await expect(phone).toHaveURL(/\/crew$/);
    expect((await phone.request.get("/reports/export?report=revenue&table=revenue")).status()).toBe(403);
    expect((await phone.request.get("/api/reports/revenue?from=2024-03-01&to=2024-03-31")).status()).toBe(403);
  } finally {
    await context.close();
    await page.request.delete(`/api/crews/${crewId}`);
  }
});

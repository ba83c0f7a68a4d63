import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { signInAsStaff } from "./fixtures/accounts";
import { crewMember } from "./fixtures/crew";

// Products and applicator licenses (docs/product-rules.md#products-and-licenses): the owner adds a
// product, is told in plain words when its EPA number is malformed, sets a crew member's license
// expiring within 30 days and is warned of it on the dashboard.

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/products-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the owner adds a product, sets a crew member's license and sees its expiry warning", async ({ page }) => {
  const suffix = Date.now().toString(36);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const crew = await page.request.post("/api/crews", { data: { name: `Treatments ${suffix}` } });
  expect(crew.ok()).toBe(true);
  await crewMember(((await crew.json()) as { id: number }).id);

  // A product, first with an EPA number that is not one.
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Products" }).click();
  await page.getByRole("button", { name: "Add product" }).click();
  const form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Product name").fill(`Weed Stop ${suffix}`);
  await form.getByLabel("EPA registration number").fill("1001070");
  await form.getByLabel("Ingredient 1").fill("2,4-D");
  await form.getByLabel("%", { exact: true }).fill("30.5");
  await form.getByLabel("Unit").selectOption("fl oz");
  await form.getByLabel("Default rate per 1,000 sq ft").fill("1.5");
  await form.getByLabel("Keep-off advice for customers (optional)").fill("Keep children and pets off until dry");
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(form.getByText("two or three groups of digits joined by dashes")).toBeVisible();
  await shoot(page, "epa-refused");

  await form.getByLabel("EPA registration number").fill("62719-324-34");
  await form.getByRole("button", { name: "Add product" }).click();
  const row = page.getByTestId("product-row").filter({ hasText: `Weed Stop ${suffix}` });
  await expect(row).toContainText("EPA Reg. No. 62719-324-34");
  await expect(row).toContainText("Active");
  await shoot(page, "list");

  // The crew member's license, expiring in 20 days.
  const expiresOn = addDays(businessToday(), 20);
  await page.goto("/settings/staff");
  await page.getByRole("button", { name: "Edit the license of Rory Fieldwork" }).first().click();
  const license = page.getByRole("form", { name: "License of Rory Fieldwork" });
  await license.getByLabel("License type").selectOption("certified_applicator");
  await license.getByLabel("TDA license number").fill("ca0042");
  await license.getByLabel("Expires on").fill(expiresOn);
  await license.getByRole("button", { name: "Save license" }).click();
  const day = formatBusinessDate(startOfBusinessDay(expiresOn), "MMM d, yyyy");
  await expect(page.getByTestId("license-row").filter({ hasText: "CA0042" })).toContainText(`valid through ${day}`);
  await shoot(page, "license");

  // The owner's dashboard warns of it.
  await page.goto("/dashboard");
  await expect(page.getByTestId("license-warnings")).toContainText(`Rory Fieldwork's applicator license expires on ${day}.`);
  await shoot(page, "dashboard-warning");
});

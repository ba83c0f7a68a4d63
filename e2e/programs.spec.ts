import { expect, test, type Page } from "@playwright/test";
import { signInAsStaff } from "./fixtures/accounts";
import { createCustomerInDatabase } from "./fixtures/customers";
import { withE2eDatabase } from "./fixtures/database";

// Lawn programs (docs/product-rules.md#lawn-programs): the office defines a program of two rounds,
// enrolls a customer from their page, and the customer sees it in My Account and skips a round.

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/programs-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the office defines a program and enrolls a customer, who skips a round in My Account", async ({ page, browser }) => {
  const suffix = Date.now().toString(36);
  const name = `Six-step ${suffix}`;
  const customer = await createCustomerInDatabase({ fullName: `Pat Program ${suffix}` });
  await withE2eDatabase((sql) => sql`update customers set is_verified = true where id = ${customer.id}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Programs" }).first().click();
  await expect(page.getByRole("heading", { name: "Lawn programs" })).toBeVisible();
  await page.getByRole("button", { name: "New program" }).click();
  const form = page.getByRole("form", { name: "New program" });
  await form.getByLabel("Program name").fill(name);
  // A window that closes before it opens is refused in plain words.
  const first = form.getByRole("listitem").filter({ hasText: "Round 1" });
  await first.getByLabel("Service").selectOption({ label: "Lawn Fertilization" });
  await first.getByLabel("Purpose or target pest").fill("Pre-emergent crabgrass control");
  await first.getByLabel("Window opens (MM-DD)").fill("01-01");
  await first.getByLabel("Window closes (MM-DD)").fill("12-31");
  await form.getByRole("button", { name: "Add a round" }).click();
  const second = form.getByRole("listitem").filter({ hasText: "Round 2" });
  await second.getByLabel("Service").selectOption({ label: "Weed Control Treatment" });
  await second.getByLabel("Purpose or target pest").fill("Broadleaf weeds");
  await second.getByLabel("Window opens (MM-DD)").fill("12-31");
  await second.getByLabel("Window closes (MM-DD)").fill("01-15");
  await second.getByLabel("Least days since the previous round").fill("42");
  await form.getByRole("button", { name: "Add program" }).click();
  await expect(second.getByText("A round's window must open on or before it closes")).toBeVisible();
  await second.getByLabel("Window opens (MM-DD)").fill("01-01");
  await second.getByLabel("Window closes (MM-DD)").fill("12-31");
  await form.getByRole("button", { name: "Add program" }).click();
  const program = page.getByTestId("program").filter({ hasText: name });
  await expect(program).toContainText("2 rounds");
  await expect(program).toContainText("Pre-emergent crabgrass control");
  await shoot(page, "list");

  // Enroll the customer from their page.
  await page.goto(`/customers/edit/${customer.id}`);
  const card = page.getByRole("region", { name: "Lawn programs" });
  await expect(card).toContainText("Not enrolled in any program.");
  await card.getByRole("button", { name: "Enroll in a program" }).click();
  await card.getByLabel("Program", { exact: true }).selectOption({ label: name });
  await card.getByRole("button", { name: "Enroll", exact: true }).click();
  const enrollment = card.getByTestId("enrollment");
  await expect(enrollment).toContainText(name);
  await expect(enrollment.getByTestId("enrollment-round")).toHaveCount(2);
  await expect(enrollment.getByTestId("enrollment-round").first()).toContainText("Due until");
  await shoot(page, "customer");

  // The customer, on a phone, sees the program and skips the round due.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  const signIn = await phone.request.post("/api/customer/login", { data: { email: customer.email, password: customer.password } });
  expect(signIn.ok()).toBe(true);
  await phone.goto("/customer/account?tab=appointments");
  const mine = phone.getByTestId("lawn-program");
  await expect(mine).toContainText(name);
  await expect(mine).toContainText("0 of 2 rounds done");
  await phone.screenshot({ path: "screenshots/programs-portal-375.png", fullPage: true });
  await mine.getByRole("button", { name: "Skip round 1" }).click();
  await expect(mine.getByTestId("enrollment-round").first()).toContainText("Skipped by the customer");
  await expect(mine.getByRole("button", { name: "Skip round 2" })).toBeVisible();
  await mine.getByRole("button", { name: "Stop renewal" }).click();
  await expect(mine).toContainText("Does not renew for next season.");
  await phone.screenshot({ path: "screenshots/programs-portal-skipped-375.png", fullPage: true });
  await context.close();

  // The office sees the customer's skip.
  await page.reload();
  await expect(page.getByRole("region", { name: "Lawn programs" }).getByTestId("enrollment-round").first()).toContainText(
    "Skipped by the customer",
  );
});

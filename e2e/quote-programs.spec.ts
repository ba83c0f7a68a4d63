import { expect, test, type Page } from "@playwright/test";
import { signInAsStaff } from "./fixtures/accounts";
import { createCustomerInDatabase } from "./fixtures/customers";
import { linkIn, receivedEmail } from "./fixtures/mailbox";

// A lawn program sold through a quote (docs/product-rules.md#quotes): the office quotes a customer a
// season of three rounds, the customer accepts it from the emailed link, and the office finds the
// customer enrolled, each round priced at its share of the quote.

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/quote-programs-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the office quotes a lawn program and the customer's acceptance enrolls them", async ({ page, browser }) => {
  const suffix = Date.now().toString(36);
  const name = `Three-step ${suffix}`;
  const customer = await createCustomerInDatabase({ fullName: `Quinn Program ${suffix}` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);

  // A program of three rounds whose windows span the year, so all three are to come whatever the day.
  const catalogue = (await (await page.request.get("/api/services")).json()) as Array<{ id: number; name: string }>;
  const fertilization = catalogue.find((service) => service.name === "Lawn Fertilization")!;
  const round = (purpose: string, minDaysSincePrevious: number) => ({
    serviceId: fertilization.id,
    windowStart: "01-01",
    windowEnd: "12-31",
    minDaysSincePrevious,
    purpose,
    price: 6000,
  });
  const added = await page.request.post("/api/programs", {
    data: { name, rounds: [round("Pre-emergent", 0), round("Broadleaf weeds", 30), round("Winterizer", 30)] },
  });
  expect(added.status()).toBe(201);

  // The office builds the quote for the customer: one line, the plan a lawn program.
  await page.goto(`/quotes/new?customerId=${customer.id}`);
  await expect(page.getByRole("heading", { name: "New quote" })).toBeVisible();
  await page.getByLabel("Line 1", { exact: true }).fill("Three-step lawn program, 5,000 sq ft");
  await page.getByLabel("Unit price ($)").first().fill("300");
  await page.getByLabel("Kind", { exact: true }).selectOption("program");
  // Nothing chosen yet: the plan is refused in plain words.
  await page.getByRole("button", { name: "Create quote" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Choose the lawn program");
  await page.getByLabel("Program", { exact: true }).selectOption({ label: name });
  await page.getByLabel("Lawn size (sq ft, optional)").fill("5000");
  await page.getByRole("checkbox", { name: "Renews each season" }).uncheck();
  await expect(page.getByTestId("program-rounds")).toContainText("3 rounds still to come (Pre-emergent, Broadleaf weeds, Winterizer)");
  // 300.00 + 8.25% = 324.75, shared by three rounds: 108.25 each.
  await expect(page.getByText("Empty: follows the lines, $108.25 a round over 3 rounds")).toBeVisible();
  await shoot(page, "builder");
  await page.getByRole("button", { name: "Create quote" }).click();
  const heading = page.getByRole("heading", { name: /Quote Q-\d+/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText(`The ${name} lawn program`)).toBeVisible();
  await expect(page.getByTestId("quote-visit-price")).toHaveText("Each round is charged $108.25, tax included.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(heading).toContainText("Sent");

  // The customer, on a phone, opens the emailed link and accepts.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  const quoteEmail = await receivedEmail(customer.email, /^Your quote/);
  await phone.goto(linkIn(quoteEmail, /https?:\/\/\S+\/q\/[a-z2-7]+/));
  await expect(phone.getByText(`The ${name} lawn program`)).toBeVisible();
  const rounds = phone.getByTestId("quote-program-rounds").getByRole("listitem");
  await expect(rounds).toHaveCount(3);
  await expect(rounds.first()).toContainText("Pre-emergent (Lawn Fertilization)");
  await expect(phone.getByText("The program ends with this season.")).toBeVisible();
  await expect(phone.getByTestId("quote-visit-price")).toHaveText("Each round is charged $108.25, tax included.");
  await phone.screenshot({ path: "screenshots/quote-programs-customer-375.png", fullPage: true });
  await phone.getByLabel("Your full name").fill(customer.fullName);
  await phone.getByRole("checkbox", { name: "I accept this quote and its terms." }).check();
  await phone.getByRole("button", { name: "Accept quote" }).click();
  await expect(phone.getByRole("status").filter({ hasText: `Accepted by ${customer.fullName}` })).toBeVisible();
  const copy = await receivedEmail(customer.email, /^You accepted quote Q-\d+$/);
  expect(copy.text).toContain(`You are enrolled in ${name} for the`);
  await context.close();

  // The office finds the enrollment from the quote, each round at its share.
  await page.reload();
  await expect(page.getByText(`Accepted by ${customer.fullName}`)).toBeVisible();
  await shoot(page, "staff-accepted");
  await page.getByRole("link", { name: "See the enrollment on the customer's page" }).click();
  const enrollment = page.getByRole("region", { name: "Lawn programs" }).getByTestId("enrollment");
  await expect(enrollment).toContainText(name);
  await expect(enrollment.getByTestId("enrollment-round")).toHaveCount(3);
  await expect(enrollment.getByTestId("enrollment-round").first()).toContainText("$108.25");
  await shoot(page, "customer-enrolled");
});

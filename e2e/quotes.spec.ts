import { expect, test, type Page } from "@playwright/test";
import { STAFF_LOGIN } from "./fixtures/accounts";
import { linkIn, receivedEmail } from "./fixtures/mailbox";
import { useStripeJsStandIn } from "./fixtures/stripe-js";
import { useE2eDatabase } from "./fixtures/database";

// Quotes for custom work (docs/product-rules.md#quotes): a homeowner asks without JavaScript, staff
// build and send the quote, the customer opens the link in the email that reached the SMTP server,
// ticks an optional item, accepts and pays the deposit with a card in the card form, and staff find
// the plan on the schedule. Stripe.js cannot load offline: the browser gets its stand-in, which
// confirms the payment with the Stripe stand-in (E2E_STRIPE=1); that one tells the app's webhook.
const sql = useE2eDatabase();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/quotes-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("quotes for custom work", () => {
  test.skip(process.env.E2E_STRIPE === "0", "card payments turned off for this run (E2E_STRIPE=0)");

  test("request without JavaScript, build and send, accept with an optional item and a deposit, plan on the schedule", async ({
    browser,
    page,
  }) => {
    const email = `sod.${Date.now().toString(36)}@example.com`;

    // A homeowner asks, with JavaScript off.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    await visitor.goto("/services");
    await visitor.getByRole("link", { name: "Request a quote", exact: true }).click();
    await expect(visitor).toHaveURL(/\/quote$/);
    await visitor.getByLabel("Name").fill("Morgan Ellery");
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByLabel("Street address").fill("4512 Avenue F");
    await visitor.getByLabel("ZIP code").fill("78751");
    await visitor.getByLabel("What would you like done?").fill("New St. Augustine sod for the backyard, about 1,200 sq ft.");
    await visitor.getByLabel("Preferred time (optional)").fill("Weekday mornings");
    await shoot(visitor, "request-form");
    await visitor.getByRole("button", { name: "Request a quote" }).click();
    await expect(visitor.getByRole("status")).toContainText("We'll look at your request");
    await shoot(visitor, "request-sent");
    await noScript.close();

    // Staff build the quote from the request and send it.
    expect((await page.request.post("/api/auth/login", { data: STAFF_LOGIN })).ok()).toBe(true);
    await page.goto("/dashboard");
    await expect(page.getByTestId("open-quote-requests")).not.toHaveText("0");
    await page.goto("/messages#requests");
    const request = page.locator("#requests li", { hasText: email });
    await expect(request).toContainText("Weekday mornings");
    await shoot(page, "staff-requests");
    await request.getByRole("link", { name: "Build quote" }).click();
    await expect(page.getByRole("heading", { name: "New quote" })).toBeVisible();
    await page.getByLabel("Line 1", { exact: true }).fill("St. Augustine sod, installed (pallet)");
    await page.getByLabel("Qty").first().fill("2");
    await page.getByLabel("Unit price ($)").first().fill("450");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Line 2", { exact: true }).fill("Starter fertilizer");
    await page.getByLabel("Unit price ($)").nth(1).fill("40");
    await page.getByRole("checkbox", { name: "Optional" }).nth(1).check();
    await page.getByLabel("Deposit", { exact: true }).selectOption("percent");
    await page.getByLabel("Deposit (%)").fill("25");
    // The plan's price follows the lines until staff type one; a price that does not add up is flagged.
    await expect(page.getByText("Empty: follows the lines, $974.25 a visit")).toBeVisible();
    const perVisit = page.getByLabel("Price per visit ($, tax included)");
    await perVisit.fill("900");
    await expect(page.getByTestId("plan-price-mismatch")).toContainText(
      "A visit is charged $900.00; the quote's lines come to $974.25 with tax.",
    );
    await perVisit.fill("");
    await expect(page.getByTestId("plan-price-mismatch")).toHaveCount(0);
    await shoot(page, "builder");
    await page.getByRole("button", { name: "Create quote" }).click();
    await expect(page.getByRole("heading", { name: /Quote Q-\d+/ })).toBeVisible();
    const quoteId = Number(/Q-(\d+)/.exec((await page.getByRole("heading", { name: /Quote Q-\d+/ }).textContent()) ?? "")?.[1]);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Quote Q-\d+/ })).toContainText("Sent");
    await shoot(page, "staff-quote-sent");

    // The customer opens the emailed link (no account), ticks the optional item, accepts and pays the deposit.
    const customerContext = await browser.newContext();
    await useStripeJsStandIn(customerContext);
    const customer = await customerContext.newPage();
    const quoteEmail = await receivedEmail(email, /^Your quote/);
    await customer.goto(linkIn(quoteEmail, /https?:\/\/\S+\/q\/[a-z2-7]+/));
    await expect(customer.getByRole("heading", { name: "Your quote, Morgan Ellery" })).toBeVisible();
    // 900.00 + 8.25% = 974.25; with the fertilizer 940.00 + 77.55 = 1,017.55.
    await expect(customer.getByTestId("quote-total")).toHaveText("$974.25");
    await customer.getByRole("checkbox", { name: /Starter fertilizer/ }).check();
    await expect(customer.getByTestId("quote-total")).toHaveText("$1,017.55");
    // One visit: it is charged the whole total, and the deposit comes off it.
    await expect(customer.getByTestId("quote-visit-price")).toHaveText("Each visit is charged $1,017.55, tax included.");
    await expect(
      customer.getByText("The $254.39 deposit is credited against the first visits: the first is charged $763.16."),
    ).toBeVisible();
    await shoot(customer, "customer-quote");
    await customer.getByLabel("Your full name").fill("Morgan Ellery");
    await customer.getByRole("checkbox", { name: "I accept this quote and its terms." }).check();
    await customer.getByRole("button", { name: "Accept quote" }).click();
    await expect(customer.getByRole("heading", { name: "Pay the deposit: $254.39" })).toBeVisible();
    await customer.getByRole("button", { name: "Pay deposit by card" }).click();
    await customer.getByLabel("Card number").fill("4000 0000 0000 0002");
    await customer.getByLabel("Expiration date").fill("12 / 34");
    await customer.getByLabel("Security code").fill("123");
    await customer.getByRole("button", { name: "Pay $254.39" }).click();
    const depositStep = customer.getByRole("region", { name: /Pay the deposit/ });
    await expect(depositStep.getByRole("alert")).toHaveText("Your card was declined.");
    await shoot(customer, "customer-deposit-declined");
    await customer.getByLabel("Card number").fill("4242 4242 4242 4242");
    await customer.getByRole("button", { name: "Pay $254.39" }).click();
    await expect(customer.getByRole("status").filter({ hasText: "Accepted by Morgan Ellery" })).toBeVisible();
    const copy = await receivedEmail(email, /^You accepted quote Q-\d+$/);
    expect(copy.text).toContain("Deposit paid: $254.39");
    const [deposit] = await sql<{ status: string; amount: number }[]>`
      select status, amount from payments where (metadata->>'quoteId')::int = ${quoteId}`;
    expect(deposit).toEqual({ status: "completed", amount: 25_439 });
    await shoot(customer, "customer-accepted");
    await customer.emulateMedia({ media: "print" });
    await customer.screenshot({ path: "screenshots/quotes-print-1280.png", fullPage: true });
    await customerContext.close();

    // Staff see the acceptance and the plan on the schedule.
    await page.goto(`/quotes/${quoteId}`);
    await expect(page.getByText(/Accepted by Morgan Ellery/)).toBeVisible();
    await page.getByRole("link", { name: "See the plan on the schedule" }).click();
    await expect(page.getByText("Morgan Ellery").first()).toBeVisible();
    await shoot(page, "staff-schedule");
  });
});

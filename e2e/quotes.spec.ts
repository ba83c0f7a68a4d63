import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import Stripe from "stripe";
import { STAFF_LOGIN } from "./fixtures/accounts";

// Quotes for custom work (docs/product-rules.md#quotes): a homeowner asks without JavaScript, staff
// build and send the quote, the customer opens the emailed link, ticks an optional item, accepts and
// pays the deposit, and staff find the plan on the schedule. Stripe.js cannot load on this offline
// machine (the card form says so); the deposit's payment is then confirmed the way Stripe confirms
// it, by a signed webhook for the intent the page made (E2E_STRIPE=1 gives the stand-in and secret).
const E2E_PORT = process.env.E2E_PORT ?? "3100";
const databaseUrl = process.env.TEST_DATABASE_URL
  ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: `/greenscape_e2e_${E2E_PORT}` }).toString()
  : null;
const sql = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : null;
test.afterAll(async () => sql?.end({ timeout: 5 }));

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/quotes-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The quote link in the last email to this address, as the app recorded it for sending. */
async function emailedQuoteLink(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const [row] = await sql!<
      { body: string }[]
    >`select body from email_outbox where "to" = ${email} and kind = 'quote' order by id desc limit 1`;
    const link = /https?:\/\/\S+\/q\/[a-z2-7]+/.exec(row?.body ?? "")?.[0];
    if (link) return new URL(link).pathname;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No quote email to ${email}`);
}

/** What Stripe does once the card is charged: a signed payment_intent.succeeded for the deposit's intent. */
async function confirmDeposit(page: Page, quoteId: number) {
  const [payment] = await sql!<{ intent: string; amount: number }[]>`
    select stripe_payment_intent as intent, amount from payments where (metadata->>'quoteId')::int = ${quoteId} and stripe_payment_intent is not null`;
  expect(payment, "the deposit's intent was made by the page").toBeTruthy();
  const payload = JSON.stringify({
    id: `evt_e2e_quote_${quoteId}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: payment!.intent,
        object: "payment_intent",
        amount: payment!.amount,
        amount_received: payment!.amount,
        currency: "usd",
        status: "succeeded",
        latest_charge: `ch_${payment!.intent}`,
        metadata: {},
      },
    },
  });
  const signature = new Stripe("sk_test_signer_only").webhooks.generateTestHeaderString({ payload, secret: "whsec_e2e_stand_in" });
  for (let replay = 0; replay < 3; replay++) {
    const delivered = await page.request.post("/api/webhooks/stripe", {
      headers: { "content-type": "application/json", "stripe-signature": signature },
      data: payload,
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
  }
}

test.describe("quotes for custom work", () => {
  test.skip(process.env.E2E_STRIPE !== "1" || !sql, "needs E2E_STRIPE=1 and PostgreSQL");

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
    await shoot(page, "builder");
    await page.getByRole("button", { name: "Create quote" }).click();
    await expect(page.getByRole("heading", { name: /Quote Q-\d+/ })).toBeVisible();
    const quoteId = Number(/Q-(\d+)/.exec((await page.getByRole("heading", { name: /Quote Q-\d+/ }).textContent()) ?? "")?.[1]);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Quote Q-\d+/ })).toContainText("Sent");
    await shoot(page, "staff-quote-sent");

    // The customer opens the emailed link (no account), ticks the optional item, accepts and pays the deposit.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(await emailedQuoteLink(email));
    await expect(customer.getByRole("heading", { name: "Your quote, Morgan Ellery" })).toBeVisible();
    // 900.00 + 8.25% = 974.25; with the fertilizer 940.00 + 77.55 = 1,017.55.
    await expect(customer.getByTestId("quote-total")).toHaveText("$974.25");
    await customer.getByRole("checkbox", { name: /Starter fertilizer/ }).check();
    await expect(customer.getByTestId("quote-total")).toHaveText("$1,017.55");
    await shoot(customer, "customer-quote");
    await customer.getByLabel("Your full name").fill("Morgan Ellery");
    await customer.getByRole("checkbox", { name: "I accept this quote and its terms." }).check();
    await customer.getByRole("button", { name: "Accept quote" }).click();
    await expect(customer.getByRole("heading", { name: "Pay the deposit: $254.39" })).toBeVisible();
    await customer.getByRole("button", { name: "Pay deposit by card" }).click();
    await expect(customer.getByText("Card payment unavailable")).toBeVisible({ timeout: 20_000 });
    await shoot(customer, "customer-deposit");
    await confirmDeposit(customer, quoteId);
    await customer.reload();
    await expect(customer.getByRole("status")).toContainText("Accepted by Morgan Ellery");
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

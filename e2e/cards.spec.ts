import { expect, test, type Page } from "@playwright/test";
import { registerCustomer, STAFF_LOGIN } from "./fixtures/accounts";
import { useStripeJsStandIn } from "./fixtures/stripe-js";
import { useE2eDatabase } from "./fixtures/database";

// Card on file and autopay in the browser (E2E_STRIPE=1: card payments against the local stand-in).
// Stripe.js cannot load on this offline machine, so the browser gets its stand-in
// (e2e/fixtures/stripe-js.ts): the customer types a test card into the card form, and the Stripe
// stand-in attaches it to the SetupIntent the page made. Everything else (SetupIntent, listing,
// autopay, the off-session charge on completion, the receipt, the notice) is the app's own.
const sql = useE2eDatabase();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/cards-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A signed-in customer whose email is confirmed (so the portal shows payments), on My Account → Payments. */
async function portalCustomer(page: Page, fullName: string) {
  const customer = await registerCustomer(page.request, { fullName });
  // The confirmation link itself is covered by the portal journey; here the address is simply confirmed.
  await sql`update customers set is_verified = true where email = ${customer.email}`;
  const [row] = await sql<{ id: number }[]>`select id from customers where email = ${customer.email}`;
  await page.goto("/customer/account?tab=payments");
  return { ...customer, id: row!.id };
}

/**
 * The customer saves a test card in the card form: 4242… is a good Visa, 4000000000000341 is saved
 * but refused when charged, and 4000000000000002 is refused at once.
 */
async function saveCard(page: Page, number: string) {
  await useStripeJsStandIn(page.context());
  await page.getByRole("button", { name: "Add Payment Method" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a card" });
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiration date").fill("12 / 34");
  await dialog.getByLabel("Security code").fill("123");
  await dialog.getByRole("button", { name: "Save card" }).click();
}

/** Staff (in the same browser, with their own session cookie) book a visit for today and mark it completed. */
async function staffCompleteVisit(page: Page, customerId: number) {
  expect((await page.request.post("/api/auth/login", { data: STAFF_LOGIN })).ok()).toBe(true);
  const services = (await (await page.request.get("/api/services")).json()) as Array<{ id: number }>;
  const start = new Date(Date.now() - 3 * 60 * 60 * 1000);
  const created = await page.request.post("/api/schedules", {
    data: {
      customerId,
      serviceId: services[0]!.id,
      date: start.toISOString(),
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
      status: "confirmed",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const schedule = (await created.json()) as { id: number; totalPrice: number };
  const completed = await page.request.patch(`/api/schedules/visits/${schedule.id}/status`, { data: { status: "completed" } });
  expect(completed.status(), await completed.text()).toBe(200);
  return schedule;
}

test.describe("card on file and autopay", () => {
  test.skip(process.env.E2E_STRIPE === "0", "card payments turned off for this run (E2E_STRIPE=0)");

  test("a customer saves a card and turns on autopay; a completed visit is charged and has a receipt", async ({ page }) => {
    const customer = await portalCustomer(page, "Avery Autopay");
    await expect(page.getByText("No payment methods saved")).toBeVisible();
    await saveCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("status").filter({ hasText: "Your card is saved for future payments." })).toBeVisible();

    const cards = page.getByRole("list", { name: "Saved cards" });
    await expect(cards).toContainText("Visa ending in 4242");
    await expect(cards).toContainText("Expires 12/2034");
    await expect(cards).toContainText("Default");
    // The switch shows the server's answer, so it turns on once the server has saved it.
    await page.getByRole("checkbox", { name: /Autopay/ }).click();
    await expect(page.getByRole("checkbox", { name: /Autopay/ })).toBeChecked();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Autopay/ })).toBeChecked();

    await staffCompleteVisit(page, customer.id);
    // The charge runs on the job queue moments later.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("link", { name: "Receipt" })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const payment = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Receipt" }) });
    await expect(payment).toContainText("Paid");
    await shoot(page, "payments");

    await payment.getByRole("link", { name: "Receipt" }).click();
    await expect(page.getByRole("heading", { name: /Receipt for \$/ })).toBeVisible();
    await expect(page.getByText("Visa ending in 4242")).toBeVisible();
    await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
    await shoot(page, "receipt");

    const [email] = await sql<{ subject: string }[]>`select subject from email_outbox where "to" = ${customer.email} and kind = 'receipt'`;
    expect(email?.subject).toMatch(/^Receipt: \$/);
  });

  test("a declined card shows the customer what to do", async ({ page }) => {
    const customer = await portalCustomer(page, "Dana Declined");
    // A card the bank refuses at once is not saved, and the form says why.
    await saveCard(page, "4000 0000 0000 0002");
    await expect(page.getByRole("dialog", { name: "Add a card" }).getByRole("alert")).toHaveText("Your card was declined.");
    await shoot(page, "card-refused");
    await page.getByRole("dialog", { name: "Add a card" }).getByLabel("Card number").fill("4000 0000 0000 0341");
    await page.getByRole("dialog", { name: "Add a card" }).getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("list", { name: "Saved cards" })).toContainText("Visa ending in 0341");
    // The switch shows the server's answer, so it turns on once the server has saved it.
    await page.getByRole("checkbox", { name: /Autopay/ }).click();
    await expect(page.getByRole("checkbox", { name: /Autopay/ })).toBeChecked();

    await staffCompleteVisit(page, customer.id);
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("A payment needs your attention")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const payment = page.getByRole("listitem").filter({ hasText: "Autopay could not charge your card" });
    await expect(payment).toContainText("Your card was declined.");
    await expect(payment.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
    await shoot(page, "declined");

    const [email] = await sql<
      { subject: string }[]
    >`select subject from email_outbox where "to" = ${customer.email} and kind = 'autopay_action_needed'`;
    expect(email?.subject).toMatch(/^Action needed: your payment of \$/);
  });

  test("staff see cards, autopay and what is owed, and refund part of a card payment", async ({ page }) => {
    const customer = await portalCustomer(page, "Riley Refund");
    await saveCard(page, "4242 4242 4242 4242");
    await page.getByRole("checkbox", { name: /Autopay/ }).click();
    await expect(page.getByRole("checkbox", { name: /Autopay/ })).toBeChecked();
    const schedule = await staffCompleteVisit(page, customer.id);
    await expect(async () => {
      const [row] = await sql<{ status: string }[]>`select status from payments where visit_id = ${String(schedule.id)}`;
      expect(row?.status).toBe("completed");
    }).toPass({ timeout: 30_000 });

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Owed" })).toBeVisible();
    await page.goto(`/payments?customerId=${customer.id}`);
    const cards = page.getByRole("region", { name: "Cards and autopay" });
    await expect(cards).toContainText("Visa ending in 4242");
    await expect(cards).toContainText("Autopay: on (turned on by the customer)");
    await expect(page.getByRole("region", { name: "Owed" })).toContainText("owed for");

    const payment = page.getByTestId("payment-row").filter({ hasText: "Completed" }).first();
    await payment.getByRole("button", { name: "Refund" }).click();
    await page.getByLabel(/Amount in dollars/).fill("10");
    await page.getByLabel("Reason").fill("Missed the back yard");
    await page.getByRole("dialog").getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByRole("list", { name: "Refunds" })).toContainText(
      "$10.00 · Missed the back yard · waiting for the payment provider",
    );
    await shoot(page, "staff-refund");
    await page.keyboard.press("Escape");
    await shoot(page, "staff-payments");
  });
});

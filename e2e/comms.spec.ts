import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { STAFF_LOGIN, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

let counter = 0;

async function createCustomer(page: Page, fullName: string) {
  counter += 1;
  const response = await page.request.post("/api/customers", {
    data: {
      fullName,
      email: `comms.${Date.now()}.${counter}@example.com`,
      phone: "5125550177",
      address: "500 Oak Lane, Austin",
      notes: "",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; fullName: string };
}

async function customerWrites(customerId: number, ...contents: string[]) {
  await withE2eDatabase(async (sql) => {
    for (const [index, content] of contents.entries()) {
      await sql`insert into messages (customer_id, content, sender_type, timestamp)
                values (${customerId}, ${content}, 'customer', now() - ${`${contents.length - index} minutes`}::interval)`;
    }
  });
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `screenshots/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `screenshots/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
});

test("a staff conversation: unread badge clears, Enter sends, Shift+Enter adds a line, blank is not sent", async ({ page }) => {
  const customer = await createCustomer(page, "Dana Whitfield");
  await customerWrites(customer.id, "Hi, can you mow on Friday?", "Also the back yard please.");

  // The demo data may hold unread messages of its own: the bell counts all of them.
  const unreadBefore = ((await (await page.request.get("/api/messages/unread")).json()) as unknown[]).length;
  expect(unreadBefore).toBeGreaterThanOrEqual(2);
  await page.goto("/messages");
  await expect(page.getByRole("heading", { name: "No Conversation Selected" })).toBeVisible();
  const badge = page.getByTestId("unread-badge");
  await expect(badge).toHaveText(String(unreadBefore));
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  await expect(conversations.getByRole("button", { name: /Dana Whitfield/ }).getByTestId("conversation-unread")).toHaveText("2");

  await conversations.getByRole("button", { name: /Dana Whitfield/ }).click();
  await expect(page).toHaveURL(new RegExp(`customerId=${customer.id}`));
  await expect(page.getByTestId("message-content").filter({ hasText: "Also the back yard please." })).toBeVisible();
  if (unreadBefore === 2) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(unreadBefore - 2));
  await expect(conversations.getByRole("button", { name: /Dana Whitfield/ }).getByTestId("conversation-unread")).toHaveCount(0);

  const composer = page.getByLabel("Message to Dana Whitfield");
  await composer.click();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("message-content")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

  await composer.pressSequentially("Friday works.");
  await page.keyboard.press("Shift+Enter");
  await composer.pressSequentially("We'll do the back too.");
  await expect(composer).toHaveValue("Friday works.\nWe'll do the back too.");
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("message-content")).toHaveCount(3);
  await expect(page.getByTestId("message-content").last()).toHaveText("Friday works.\nWe'll do the back too.");
  await expect(composer).toHaveValue("");
  const stored = (await (await page.request.get(`/api/messages?customerId=${customer.id}`)).json()) as Array<{
    content: string;
    senderType: string;
    read: boolean;
  }>;
  expect(stored.at(-1)).toMatchObject({ content: "Friday works.\nWe'll do the back too.", senderType: "user" });
  expect(stored.filter((message) => message.senderType === "customer").every((message) => message.read)).toBe(true);

  await screenshots(page, "messages-conversation");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByLabel("Conversation", { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("?customerId= preselects the conversation and website inquiries become customers", async ({ page }) => {
  const customer = await createCustomer(page, "Preselected Person");
  await page.goto(`/messages?customerId=${customer.id}`);
  await expect(page.getByRole("region", { name: "Conversation with Preselected Person" })).toBeVisible();

  // A name of this run's own, so a retry does not meet the inquiry an earlier try left.
  const name = `Inez Inquiry ${Date.now()}`;
  await withE2eDatabase(
    (sql) =>
      sql`insert into contact_inquiries (name, email, phone, message) values (${name}, ${`inez.${Date.now()}@example.com`}, '5125550199', 'Do you trim hedges in 78745?')`,
  );
  await page.reload();
  const inquiry = page.getByTestId("inquiry").filter({ hasText: name });
  await expect(inquiry).toContainText("Do you trim hedges in 78745?");
  await inquiry.getByRole("button", { name: "Make customer" }).click();
  await expect(page.getByRole("region", { name: `Conversation with ${name}` })).toBeVisible();
  await expect(page.getByTestId("inquiry").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("button", { name: "handled", exact: true }).click();
  await expect(page.getByTestId("inquiry").filter({ hasText: name })).toBeVisible();
});

test("recording a cash or check payment completes it at once with the method shown", async ({ page }) => {
  const customer = await createCustomer(page, "Casey Cash");
  await page.goto(`/payments?customerId=${customer.id}`);
  await expect(page.getByText("No payments for this customer yet.")).toBeVisible();

  await page.getByRole("button", { name: "Record Cash or Check" }).click();
  const dialog = page.getByRole("dialog", { name: "Record Cash or Check" });
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog.getByText("Customer and amount are required")).toBeVisible();
  await dialog.getByLabel("Check").check();
  await dialog.getByLabel("Amount ($)").fill("45.5");
  await dialog.getByLabel("Check number (optional)").fill("1042");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("payment-row").first();
  await expect(row).toContainText("$45.50");
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("Check · No. 1042");
  await expect(row).toContainText(/#\d+/);
  await screenshots(page, "payments-history");
});

test("the New Payment dialog checks the amount and reaches the card step or says card payment is not configured", async ({ page }) => {
  const first = await createCustomer(page, "Nora Newpay");
  const second = await createCustomer(page, "Otto Other");
  const cardPayments = (await (await page.request.get("/api/card-payments/config")).json()) as { enabled: boolean };

  await page.goto(`/payments?customerId=${first.id}`);
  await page.getByRole("button", { name: "New Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "New Payment" });
  await expect(dialog.getByLabel("Customer")).toHaveValue(String(first.id));

  await dialog.getByRole("button", { name: "Continue to card details" }).click();
  await expect(dialog.getByText("Customer and amount are required")).toBeVisible();
  await dialog.getByLabel("Amount ($)").fill("0");
  await dialog.getByRole("button", { name: "Continue to card details" }).click();
  await expect(dialog.getByText("Please enter a valid amount")).toBeVisible();

  await dialog.getByLabel("Amount ($)").fill("35.29");
  await dialog.getByRole("button", { name: "Continue to card details" }).click();

  if (cardPayments.enabled) {
    // Keys are set (E2E_STRIPE=1): the pending record and intent exist, but Stripe.js cannot load here.
    await expect(dialog.getByText("Amount: $35.29")).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText("Card payment unavailable", { timeout: 20_000 });
    await expect(dialog.getByRole("button", { name: "Try again" })).toBeVisible();
    const history = (await (await page.request.get(`/api/payments?customerId=${first.id}`)).json()) as Array<{
      amount: number;
      status: string;
      stripePaymentIntent: string | null;
    }>;
    expect(history[0]).toMatchObject({ amount: 3529, status: "pending", stripePaymentIntent: expect.stringMatching(/^pi_/) });
  } else {
    await expect(dialog.getByRole("alert")).toContainText("Payment setup failed: Card payments are not configured");
    await expect(page.getByText("Card payments are not configured").first()).toBeVisible();
  }
  await screenshots(page, "payments-new-payment");

  // Changing the customer starts over: the amount and the client secret are reset.
  await dialog.getByLabel("Customer").selectOption(String(second.id));
  await expect(dialog.getByLabel("Amount ($)")).toHaveValue("");
  await expect(dialog.getByText("Card payment unavailable")).toHaveCount(0);
});

test("settings save for real, and the export downloads", async ({ page, request }) => {
  await createCustomer(page, "Export Evans");
  const originalProfile = (await (await page.request.get("/api/settings/profile")).json()) as Record<string, string | null>;
  await page.goto("/settings");
  await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");

  const fullName = page.getByLabel("Full name");
  await expect(fullName).not.toHaveValue("");
  await fullName.fill("Alex Groundskeeper");
  await page.getByLabel("Username").fill("ad");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await page.getByLabel("Username").fill(STAFF_LOGIN.username);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByTestId("user-initials")).toHaveText("AG");
  const status = (await (await page.request.get("/api/auth/status")).json()) as { user: { fullName: string } };
  expect(status.user.fullName).toBe("Alex Groundskeeper");

  await page.getByLabel("Current password", { exact: true }).fill("not-the-password");
  await page.getByLabel("New password", { exact: true }).fill("new-e2e-password");
  await page.getByLabel("Confirm new password").fill("different-password");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("new-e2e-password");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await page.getByLabel("Current password", { exact: true }).fill(STAFF_LOGIN.password);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  // Put the shared e2e password back for the other journeys.
  const restored = await page.request.post("/api/settings/password", {
    data: { currentPassword: "new-e2e-password", newPassword: STAFF_LOGIN.password, confirmPassword: STAFF_LOGIN.password },
  });
  expect(restored.status()).toBe(200);
  await screenshots(page, "settings-general");
  // Other journeys expect the seeded profile (initials 'AR'): put it back.
  const { fullName: originalName, email, username, phone } = originalProfile;
  expect((await page.request.put("/api/settings/profile", { data: { fullName: originalName, email, username, phone } })).status()).toBe(
    200,
  );

  // Notifications is a real panel now; Billing is still to come.
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { name: "Email notifications" })).toBeVisible();
  await page.getByRole("tab", { name: "Billing" }).click();
  await expect(page.getByText("will be available in a future update")).toBeVisible();

  await page.getByRole("tab", { name: "Advanced" }).click();
  const [jsonDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Data (JSON)" }).click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toMatch(/^greenscape-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await jsonDownload.path())!, "utf8")) as Record<string, Array<Record<string, unknown>>>;
  expect(Object.keys(exported)).toEqual(expect.arrayContaining(["customers", "schedules", "messages", "payments"]));
  expect(exported.customers?.some((customer) => customer.fullName === "Export Evans")).toBe(true);
  expect(JSON.stringify(exported)).not.toMatch(/passwordHash|\$argon2/);

  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "customers CSV" }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^greenscape-customers-.*\.csv$/);
  const csv = await readFile((await csvDownload.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("fullName");
  expect(csv).toContain("Export Evans");

  await page.getByLabel("Key name").fill("Accounting sync");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^gsk_/);
  // A fresh request context: no cookie, only the key.
  expect((await request.get("/api/payments", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
  await screenshots(page, "settings-advanced");
  page.once("dialog", (confirm) => void confirm.accept());
  await page.getByRole("list", { name: "API keys" }).getByRole("button", { name: "Revoke" }).first().click();
  await expect(page.getByText(/^Revoked/).first()).toBeVisible();
});

test("the payment return screen explains itself when opened without a payment", async ({ page }) => {
  await page.goto("/payments/success");
  await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Payments" })).toBeVisible();
  await page.goto("/payments/success?payment_intent=pi_unknown&payment_intent_client_secret=pi_unknown_secret_x");
  await expect(page.getByRole("heading", { name: "We could not check this payment" })).toBeVisible();
});

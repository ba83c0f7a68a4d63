import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";
import { receivedEmail } from "./fixtures/mailbox";
import { bookUpToContact } from "./fixtures/booking";

const SCREENS = "e2e/.artifacts/screens";
/** A port of this journey's own for the integration's receiver (E2E_PORT + 1). */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;

async function screens(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a booking emails its confirmation (read in the inbox) and offers Add to calendar", async ({ page }) => {
  const email = `confirm.${Date.now()}@example.com`;
  await bookUpToContact(page, {
    date: addDays(businessToday(), 6),
    slot: "11:00 AM",
    fullName: "Avery Confirm",
    email,
    phone: "5125550166",
  });
  await page.getByRole("button", { name: "Continue to Review" }).click();
  await page.getByRole("button", { name: "Complete Booking" }).click();

  const reference = (await page.getByTestId("booking-reference").textContent())!.trim();
  await expect(page.getByText("We have emailed you this booking.")).toBeVisible();

  // Add to calendar: a real .ics file of this visit.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Add to calendar" }).click()]);
  const ics = await readFile((await download.path())!, "utf8");
  expect(download.suggestedFilename()).toBe(`${reference}.ics`);
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toContain(`Booking reference ${reference}`);
  await screens(page, "booking-confirmation");

  // The confirmation reaches the inbox through the SMTP server, and the outbox row says it was sent.
  const received = await receivedEmail(email, new RegExp(`^We received your booking ${reference}$`));
  expect(received.text).toContain(`Your booking reference is ${reference}`);
  expect(received.text).toContain("(512) 555-0142");
  expect(received.html).toContain("My Account");
  await expect
    .poll(() =>
      withE2eDatabase(async (sql) => {
        const [row] = await sql<
          { status: string }[]
        >`select status from email_outbox where "to" = ${email} and kind = 'booking_confirmation'`;
        return row?.status;
      }),
    )
    .toBe("sent");
  await page.setContent(received.html);
  await expect(page.getByRole("link", { name: "See it in My Account" })).toBeVisible();
  await screens(page, "email-booking-confirmation");

  // The email's unsubscribe link works with one click on its page.
  const link = /Turn them off: (\S+)/.exec(received.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Stop visit reminders?" })).toBeVisible();
  await page.getByRole("button", { name: "Turn off reminders" }).click();
  await expect(page.getByRole("heading", { name: "Visit reminders are off" })).toBeVisible();
  const [customer] = await withE2eDatabase(
    (sql) => sql<{ reminders_enabled: boolean }[]>`select reminders_enabled from customers where email = ${email}`,
  );
  expect(customer!.reminders_enabled).toBe(false);
});

test("staff add a webhook endpoint and see a signed delivery arrive at the integration", async ({ page }) => {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));
  try {
    await signInAsStaff(page);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByRole("heading", { name: "Email notifications" })).toBeVisible();
    await expect(page.getByLabel("Office email address")).not.toHaveValue("");

    const form = page.getByRole("form", { name: "Add a webhook endpoint" });
    await form.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${RECEIVER_PORT}/hooks`);
    await form.getByLabel("Description (optional)").fill("CRM sync");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    // Something happens: the office adds a customer.
    const created = await page.request.post("/api/customers", {
      data: {
        fullName: "Hook Journey",
        email: `hook.${Date.now()}@example.com`,
        phone: "5125550199",
        address: "9 Oak St",
        city: "Austin",
        state: "TX",
        zipCode: "78704",
      },
    });
    expect(created.status()).toBe(201);

    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = received[0]!;
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ type: "customer.created", data: { customer: { fullName: "Hook Journey", source: "staff" } } });
    const signed = `${delivery.headers["webhook-id"]}.${delivery.headers["webhook-timestamp"]}.${delivery.body}`;
    const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(signed)
      .digest("base64");
    expect(delivery.headers["webhook-signature"]).toBe(`v1,${expected}`);

    // Staff see it delivered.
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Deliveries" }).click();
    const deliveries = page.getByRole("list", { name: "Recent deliveries" });
    await expect(deliveries.getByText("Delivered")).toBeVisible({ timeout: 15_000 });
    await expect(deliveries.getByText("customer.created")).toBeVisible();
    await expect(deliveries.getByText(event.id)).toBeVisible();
    await screens(page, "settings-notifications");
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("a customer turns reminders off and subscribes to a calendar of their visits in My Account", async ({ page }) => {
  await registerCustomer(page.request);
  await page.goto("/customer/account");
  const reminders = page.getByLabel("Email me the day before each visit");
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await expect(page.getByText("Reminders turned off")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Email me the day before each visit")).not.toBeChecked();

  await page.getByRole("button", { name: "Create calendar address" }).click();
  const address = (await page.getByTestId("calendar-feed-url").textContent())!.trim();
  expect(address).toMatch(/\/feeds\/calendar\/[a-z2-7]{32}\.ics$/);
  const feed = await page.request.get(new URL(address).pathname);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");
  await screens(page, "my-account-notifications");

  // Turning it off ends the address at once.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Calendar feed turned off")).toBeVisible();
  expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);
});

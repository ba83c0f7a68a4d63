import { expect, test, type Page } from "@playwright/test";
import { addDays, businessTimeOf, businessToday } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";
import { bookUpToContact } from "./fixtures/booking";
import { crewMember, visitFor } from "./fixtures/crew";
import { receivedEmail } from "./fixtures/mailbox";
import { receivedText, textBusiness, textsTo } from "./fixtures/texts";

// Texts (docs/product-rules.md#texts) at 375 px, against the Twilio stand-in e2e/serve.mjs starts:
// a homeowner books with "Text me" ticked and is texted the confirmation and the reminder, replies,
// and reads the office's answer by text; STOP ends the texts; a crew's On my way is texted.

const SHOTS = "screenshots";

test.skip(process.env.E2E_TWILIO === "0", "texts turned off for this run (E2E_TWILIO=0)");
test.describe.configure({ mode: "serial" });

/** A mobile number of this run's own, as a homeowner types it, and as Twilio writes it. */
function phoneNumber() {
  const last4 = String(Math.floor(1000 + Math.random() * 8999));
  return { typed: `512-555-${last4}`, e164: `+1512555${last4}` };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/texts-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

/**
 * The owner's texts settings for this run: quiet hours set away from now (CI runs at any hour,
 * and the quiet hours themselves are tested in Vitest), every notice on.
 */
async function textsSettingsAwayFromQuietHours(page: Page) {
  const settings = (await (await page.request.get("/api/settings/texts")).json()) as Record<string, unknown>;
  const hour = Number(businessTimeOf(new Date()).slice(0, 2));
  const at = (offset: number) => `${String((hour + offset) % 24).padStart(2, "0")}:00`;
  const response = await page.request.put("/api/settings/texts", { data: { ...settings, quietFrom: at(3), quietUntil: at(4) } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The periodic reminders job, now rather than at its next five-minute turn. */
async function runRemindersNow() {
  await withE2eDatabase((sql) => sql`insert into pgboss.job (name, data) values ('send-reminders', '{}'::jsonb)`);
}

test.use({ viewport: { width: 375, height: 812 } });

const homeowner = { ...phoneNumber(), email: `texts.${Date.now()}@example.com` };

test("a homeowner books with Text me ticked and is texted the confirmation and the reminder", async ({ page, browser }) => {
  const office = await browser.newPage();
  await signInAsStaff(office);
  await textsSettingsAwayFromQuietHours(office);

  await bookUpToContact(page, {
    date: addDays(businessToday(), 1),
    slot: "10:00 AM",
    fullName: "Morgan Texter",
    email: homeowner.email,
    phone: homeowner.typed,
  });
  const textMe = page.getByLabel("Text me about my visits");
  await expect(textMe).not.toBeChecked();
  await textMe.check();
  await shoot(page, "contact-step");
  await page.getByRole("button", { name: "Continue to Review" }).click();
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your booking is received." })).toBeVisible();

  const confirmation = await receivedText(homeowner.e164, /we received your booking GS-/);
  expect(confirmation.body).toMatch(/^GreenScape Austin: /);
  // Both: the email still comes.
  await receivedEmail(homeowner.email, /book/i);

  const hourNow = businessTimeOf(new Date());
  test.skip(hourNow < "06:00", "reminders go from 6:00 AM at the earliest; this run is earlier in Austin");
  const notifications = (await (await office.request.get("/api/settings/notifications")).json()) as Record<string, unknown>;
  const saved = await office.request.put("/api/settings/notifications", { data: { ...notifications, reminderTime: "06:00" } });
  expect(saved.status(), await saved.text()).toBe(200);
  await runRemindersNow();
  const reminder = await receivedText(homeowner.e164, /reminder: our crew visits you/);
  expect(reminder.body).toContain("GreenScape Austin");
  await office.close();
});

test("the homeowner replies by text, the office answers in Messages, and STOP ends the texts", async ({ page }) => {
  await signInAsStaff(page);
  expect(await textBusiness(homeowner.e164, "Can you skip the back yard this time?")).toBe(200);
  const [customer] = await withE2eDatabase((sql) => sql<{ id: number }[]>`select id from customers where email = ${homeowner.email}`);

  await page.goto(`/messages?customerId=${customer!.id}`);
  const reply = page.getByTestId("message-content").filter({ hasText: "Can you skip the back yard this time?" });
  await expect(reply).toBeVisible();
  const composer = page.getByLabel("Message to Morgan Texter");
  await composer.fill("Sure, front yard only tomorrow.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("message-content").filter({ hasText: "Sure, front yard only tomorrow." })).toBeVisible();
  await receivedText(homeowner.e164, /front yard only tomorrow/);
  await shoot(page, "conversation");

  expect(await textBusiness(homeowner.e164, "STOP")).toBe(200);
  await receivedText(homeowner.e164, /no more texts from us/);
  const before = (await textsTo(homeowner.e164)).length;
  // The office moves the visit: the email says so, no text goes.
  const [visit] = await withE2eDatabase(
    (sql) => sql<{ id: number }[]>`select v.id from visits v join customers c on c.id = v.customer_id
      where c.email = ${homeowner.email} order by v.id limit 1`,
  );
  const moved = await page.request.post(`/api/schedules/visits/${visit!.id}/move`, {
    data: { date: addDays(businessToday(), 2), startTime: "13:00" },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await receivedEmail(homeowner.email, /moved|new time|changed/i);
  await page.waitForTimeout(3000);
  expect(await textsTo(homeowner.e164)).toHaveLength(before);
});

test("a crew taps On my way and the customer is texted the estimate", async ({ page, browser }) => {
  const office = await browser.newPage();
  await signInAsStaff(office);
  const number = phoneNumber();
  const context = await browser.newContext();
  const customer = await registerCustomer(context.request, { fullName: "Riley Onmyway", phone: number.typed });
  const consent = await context.request.put("/api/customer/text-preference", { data: { textConsent: true, notifyBy: "both" } });
  expect(consent.status(), await consent.text()).toBe(200);

  // A crew of this journey's own, free whenever the journey runs (and runs again).
  const crew = await office.request.post("/api/crews", { data: { name: `Texting crew ${Date.now().toString(36)}` } });
  expect(crew.status(), await crew.text()).toBe(201);
  const crewId = ((await crew.json()) as { id: number }).id;
  const { username, password } = await crewMember(crewId);
  const customerId = await withE2eDatabase(async (sql) => {
    // The account proved its email: an office plan under it is the record's own, so its phone is texted.
    await sql`update customers set is_verified = true where email = ${customer.email}`;
    const [row] = await sql<{ id: number }[]>`select id from customers where email = ${customer.email}`;
    return row!.id;
  });
  // Today at noon: the crew's day lists today's visits whatever the hour the journey runs.
  await visitFor(office, customerId, crewId, "12:00");

  const signedIn = await page.request.post("/api/auth/login", { data: { username, password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  await page.goto("/crew");
  const stop = page.getByTestId("crew-stop").filter({ hasText: "Riley Onmyway" });
  await stop.getByRole("button", { name: "On my way" }).click();
  await expect(stop).toContainText("On my way sent at");
  const text = await receivedText(number.e164, /our crew is on the way and expects to arrive around/);
  expect(text.body).toContain("GreenScape Austin");
  await shoot(page, "crew-on-my-way");
  await office.close();
  await context.close();
});

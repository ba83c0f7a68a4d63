import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

// Next week's visit and the weekly ones after it. A day past a full week, so none shares the
// demo series' weekday (it runs on today's).
const first = addDays(businessToday(), 8);
const second = addDays(first, 7);
const third = addDays(first, 14);
const movedTo = addDays(second, 2);
const resumeOn = addDays(third, 30);
const monthDay = (date: string) => formatBusinessDate(startOfBusinessDay(date), "MMMM d");
const long = (date: string) => formatBusinessDate(startOfBusinessDay(date), "EEEE, MMMM d, yyyy");

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/selfserve-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a customer skips next week's visit, moves the following one, pauses the plan for a month and resumes it; staff see each change with its author, and the conversation says so", async ({
  browser,
}) => {
  // A long journey through two browsers, with a pair of screenshots at every step.
  test.setTimeout(180_000);
  const customerContext = await browser.newContext();
  const portal = await customerContext.newPage();
  await portal.setViewportSize({ width: 1280, height: 900 });
  const customer = await registerCustomer(portal.request, { fullName: `Sam Planner ${Date.now() % 100000}` });
  await withE2eDatabase((sql) => sql`update customers set is_verified = true where email = ${customer.email}`);
  const [row] = await withE2eDatabase((sql) => sql<{ id: number }[]>`select id from customers where email = ${customer.email}`);
  const customerId = row!.id;

  // Staff book the customer's weekly mowing, 1:00 to 2:00 pm, for ten weeks.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(staff);
  await staff.goto("/schedule?new=true");
  // Typing waits for the page to be live (its submit button is enabled once hydrated).
  await expect(staff.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await staff.getByLabel("Search by name, phone, email or address").fill(customer.fullName);
  await staff.getByLabel("Customer").selectOption({ label: customer.fullName });
  await staff.getByLabel("Service", { exact: true }).selectOption({ label: "Basic Lawn Mowing" });
  await staff.getByLabel("Service date").fill(first);
  await staff.getByLabel("Start time").fill("13:00");
  await staff.getByLabel("End time").fill("14:00");
  await staff.getByLabel("Recurring service").check();
  await staff.getByLabel("Recurring end date").fill(addDays(first, 70));
  await staff.getByRole("button", { name: "Schedule Service" }).click();
  await expect(staff.getByText("Service scheduled successfully")).toBeVisible();

  await portal.goto("/customer/account");
  await portal.getByRole("tab", { name: "Appointments" }).click();
  const upcoming = portal.getByRole("region", { name: "Upcoming Appointments" });
  const cardOf = (date: string) => upcoming.getByTestId("appointment-card").filter({ hasText: long(date) });
  await expect(cardOf(first)).toBeVisible();
  await shoot(portal, "portal-before");

  // Skip next week's visit: the preview names it, then it is skipped and the plan goes on.
  await upcoming.getByRole("button", { name: `Skip this visit: visit on ${monthDay(first)}`, exact: true }).click();
  let dialog = portal.getByRole("dialog", { name: "Skip this visit?" });
  await expect(dialog.getByTestId("change-preview")).toContainText("Skipped");
  await shoot(portal, "skip-preview");
  await dialog.getByRole("button", { name: "Skip this visit", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cardOf(first)).toContainText("Skipped by you");
  await expect(cardOf(first)).toContainText("cancelled");

  // Move the following one two days on, at 3:00 pm.
  await upcoming.getByRole("button", { name: `Reschedule: visit on ${monthDay(second)}`, exact: true }).click();
  dialog = portal.getByRole("dialog", { name: "Reschedule this visit" });
  await dialog.getByLabel("New date").fill(movedTo);
  await dialog.getByRole("button", { name: "3:00 PM" }).click();
  await expect(dialog.getByTestId("change-preview")).toContainText("Moves to");
  await shoot(portal, "reschedule-preview");
  await dialog.getByRole("button", { name: "Move visit" }).click();
  await expect(dialog).toBeHidden();
  await expect(cardOf(movedTo)).toContainText("Moved by you");
  await expect(cardOf(movedTo)).toContainText("3:00 PM – 4:00 PM");

  // Pause the plan for a month from the third visit: the preview lists the visits skipped.
  await upcoming.getByRole("button", { name: `Pause: visit on ${monthDay(third)}`, exact: true }).click();
  dialog = portal.getByRole("dialog", { name: "Pause your plan" });
  await dialog.getByLabel("Resume on").fill(resumeOn);
  const preview = dialog.getByTestId("change-preview");
  await expect(preview).toContainText("5 visits skipped");
  await expect(preview.getByRole("listitem")).toHaveCount(5);
  await shoot(portal, "pause-preview");
  await dialog.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cardOf(third)).toContainText("Paused by you");
  await shoot(portal, "portal-paused");

  // And resume it.
  await upcoming.getByRole("button", { name: `Resume: visit on ${monthDay(third)}`, exact: true }).click();
  dialog = portal.getByRole("dialog", { name: "Resume your plan?" });
  await expect(dialog.getByTestId("change-preview")).toContainText("5 visits restored");
  await dialog.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cardOf(third)).toContainText("Resumed by you");
  await expect(cardOf(third)).toContainText("pending");
  await shoot(portal, "portal-after");

  // Staff see each change on the schedule, with its author.
  const staffCard = async (date: string) => {
    await staff.goto(`/schedule?date=${date}`);
    await expect(
      staff.getByRole("heading", { name: formatBusinessDate(startOfBusinessDay(date), "MMMM d, yyyy"), exact: true }),
    ).toBeVisible();
    return staff.getByTestId("visit-card").filter({ hasText: customer.fullName });
  };
  await expect((await staffCard(first)).getByTestId("customer-change")).toContainText(
    /^Skipped by customer · \w{3} \d{1,2}, \d{1,2}:\d{2} (am|pm)$/,
  );
  await shoot(staff, "staff-skipped");
  await expect((await staffCard(movedTo)).getByTestId("customer-change")).toContainText("Moved by customer");
  await shoot(staff, "staff-moved");
  await expect((await staffCard(third)).getByTestId("customer-change")).toContainText("Resumed by customer");

  // The conversation holds a line for each change.
  await staff.goto(`/messages?customerId=${customerId}`);
  const conversation = staff.getByRole("region", { name: `Conversation with ${customer.fullName}` });
  await expect(conversation).toContainText(
    `Skipped the visit of ${formatBusinessDate(startOfBusinessDay(first), "EEE, MMM d")} (Basic Lawn Mowing)`,
  );
  await expect(conversation).toContainText(
    `Moved the visit of ${formatBusinessDate(startOfBusinessDay(second), "EEE, MMM d")} (Basic Lawn Mowing)`,
  );
  await expect(conversation).toContainText("Paused Basic Lawn Mowing until");
  await expect(conversation).toContainText("Resumed Basic Lawn Mowing: 5 visits restored");
  await shoot(staff, "staff-messages");

  // The dashboard lists what customers changed themselves, with who and when.
  await staff.goto("/dashboard");
  const changes = staff.getByRole("list", { name: "Changed by customers" }).getByRole("listitem").filter({ hasText: customer.fullName });
  await expect(changes.first()).toContainText("Resumed 5 visits from");
  await expect(
    changes.filter({ hasText: `Skipped the visit of ${formatBusinessDate(startOfBusinessDay(first), "EEE, MMM d")}` }),
  ).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
  await expect(changes.filter({ hasText: "Moved the visit of" })).toHaveCount(1);
  await shoot(staff, "dashboard-changes");

  // The rules customers change within live in Settings.
  await staff.goto("/settings");
  await expect(staff.getByRole("heading", { name: "Changes customers make themselves" })).toBeVisible();
  await expect(staff.getByLabel("Notice (hours before a visit)")).toHaveValue("24");
  await expect(staff.getByLabel("Longest pause (days)")).toHaveValue("90");
  await shoot(staff, "staff-settings");
  await staffContext.close();
  await customerContext.close();
});

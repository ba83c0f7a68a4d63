import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

// 100 days ahead: no demo visit falls on these weekdays (the demo series runs on today's weekday),
// and the other journeys stay within the next month.
const firstDay = addDays(businessToday(), 100);
const seriesDays = [0, 7, 14, 21].map((offset) => addDays(firstDay, offset));
const [, movedFrom, statusDay, lastDay] = seriesDays as [string, string, string, string];
const movedTo = addDays(movedFrom, 1);
const long = (date: string) => formatBusinessDate(startOfBusinessDay(date), "EEEE, MMMM d, yyyy");

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/visits-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("staff plan a weekly series, move one visit and set another's status; the rest stays, and the customer sees the same visits", async ({
  browser,
}) => {
  // The customer registers and confirms the email (the link is another journey's business).
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await registerCustomer(customerPage.request, { fullName: `Vera Rows ${Date.now() % 100000}` });
  await withE2eDatabase((sql) => sql`update customers set is_verified = true where email = ${customer.email}`);

  const staffContext = await browser.newContext();
  const page = await staffContext.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);

  // A weekly series of four visits, 11:00 to 12:00.
  await page.goto("/schedule?new=true");
  // Typing waits for the page to be live (its submit button is enabled once hydrated).
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await page.getByLabel("Search by name, phone, email or address").fill(customer.fullName);
  await page.getByLabel("Customer").selectOption({ label: customer.fullName });
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Basic Lawn Mowing" });
  await page.getByLabel("Service date").fill(firstDay);
  await page.getByLabel("Start time").fill("11:00");
  await page.getByLabel("End time").fill("12:00");
  await page.getByLabel("Recurring service").check();
  await page.getByLabel("Recurring end date").fill(lastDay);
  await page.getByRole("button", { name: "Schedule Service" }).click();
  await expect(page.getByText("Service scheduled successfully")).toBeVisible();

  const cardOn = async (date: string) => {
    await page.goto(`/schedule?date=${date}`);
    await expect(
      page.getByRole("heading", { name: formatBusinessDate(startOfBusinessDay(date), "MMMM d, yyyy"), exact: true }),
    ).toBeVisible();
    return page.getByTestId("visit-card").filter({ hasText: customer.fullName });
  };

  // Move the second visit a day on (the rain-day move: it is that day's only visit).
  await cardOn(movedFrom);
  await page.getByRole("button", { name: "Rain day" }).click();
  const dialog = page.getByRole("dialog", { name: "Reschedule for weather" });
  await dialog.getByLabel("Move visits to").fill(movedTo);
  await expect(dialog.getByText(`${customer.fullName}: 11:00 AM – 12:00 PM`)).toBeVisible();
  await dialog.getByRole("button", { name: "Move 1 visit" }).click();
  await expect(page.getByText(/moved to .*customers? notified/)).toBeVisible();
  await expect(page.getByTestId("visit-card").filter({ hasText: customer.fullName })).toContainText("11:00 AM – 12:00 PM");

  // Confirm the third visit on its own.
  const third = await cardOn(statusDay);
  await third.getByLabel("Status of this visit").selectOption("confirmed");
  await expect(page.getByText("Service updated successfully")).toBeVisible();
  await expect(third.getByLabel("Status of this visit")).toHaveValue("confirmed");
  await shoot(page, "staff-day");

  // The rest of the series is as planned.
  await expect(await cardOn(movedFrom)).toHaveCount(0);
  for (const date of [firstDay, lastDay]) {
    const card = await cardOn(date);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("11:00 AM – 12:00 PM");
    await expect(card.getByLabel("Status of this visit")).toHaveValue("pending");
  }

  // The customer's portal lists the same four visits, the moved one on its new day.
  await customerPage.goto("/customer/account");
  await customerPage.getByRole("tab", { name: "Appointments" }).click();
  const upcoming = customerPage.getByRole("region", { name: "Upcoming Appointments" }).getByRole("listitem");
  await expect(upcoming).toHaveCount(4);
  const expected = [
    [firstDay, "pending"],
    [movedTo, "pending"],
    [statusDay, "confirmed"],
    [lastDay, "pending"],
  ] as const;
  for (const [index, [date, status]] of expected.entries()) {
    await expect(upcoming.nth(index)).toContainText(long(date));
    await expect(upcoming.nth(index)).toContainText("11:00 AM – 12:00 PM");
    await expect(upcoming.nth(index)).toContainText(status);
  }
  await shoot(customerPage, "portal");
  await staffContext.close();
  await customerContext.close();
});

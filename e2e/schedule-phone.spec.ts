import { expect, test, type Page } from "@playwright/test";
import { addDays, businessDateOf, businessInstant, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { signInAsStaff } from "./fixtures/accounts";

// A customer with a name no demo customer shares, visited twice today, early and late.
const CUSTOMER = { fullName: "Odalys Fairweather-Quince", email: `odalys.${Date.now()}@example.com`, address: "418 Sunshine Dr" };
const today = businessToday();
const heading = (date: string) => formatBusinessDate(startOfBusinessDay(date), "MMMM d, yyyy");

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/e2e-phone-${name}.png`, fullPage: true });
}

/** Today's visits as the day panel lists them: those that start today. */
async function todaysVisitCount(page: Page): Promise<number> {
  const visits = (await (await page.request.get(`/api/schedules?startDate=${today}&endDate=${today}`)).json()) as Array<{
    startTime: string;
  }>;
  return visits.filter((visit) => businessDateOf(new Date(visit.startTime)) === today).length;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsStaff(page);
  const created = await page.request.post("/api/customers", { data: CUSTOMER });
  expect(created.status()).toBe(201);
  const { id: customerId } = (await created.json()) as { id: number };
  for (const [start, end] of [
    ["06:00", "06:30"],
    ["20:00", "20:30"],
  ]) {
    const visit = await page.request.post("/api/schedules", {
      data: {
        customerId,
        date: businessInstant(today, "00:00").toISOString(),
        startTime: businessInstant(today, start!).toISOString(),
        endTime: businessInstant(today, end!).toISOString(),
        status: "confirmed",
        totalPrice: 4500,
      },
    });
    expect(visit.status(), await visit.text()).toBe(201);
  }
  await page.close();
});

test("on a phone, the schedule opens on today with its visits, from the server's first answer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsStaff(page);
  const expected = await todaysVisitCount(page);
  expect(expected).toBeGreaterThanOrEqual(2);

  // The page's own HTML already lists today's visits.
  const html = await (await page.request.get("/schedule")).text();
  expect(html).toContain(CUSTOMER.fullName);

  // Neither the counts nor the day's visits are asked again by the browser on the first screen.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/trpc\/.*schedules\./.test(request.url())) asked.push(request.url());
  });
  await page.goto("/schedule");
  await expect(page.getByRole("heading", { name: heading(today), exact: true })).toBeVisible();
  const cards = page.getByTestId("visit-card");
  await expect(cards).toHaveCount(expected);
  await expect(cards.filter({ hasText: CUSTOMER.fullName })).toHaveCount(2);
  const todayButton = page.locator(`[data-day="${today}"]`);
  await expect(todayButton).toHaveAttribute("aria-pressed", "true");
  await expect(todayButton).toHaveAttribute("aria-current", "date");
  await expect(todayButton).toHaveAccessibleName(new RegExp(`, ${expected} visits$`));
  await expect(todayButton).toHaveClass(/underline/);
  await shoot(page, "schedule-today-375");
  expect(asked).toEqual([]);

  // The calendar fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Arrow keys walk the days; Enter opens one; choosing the open day again clears it.
  await todayButton.focus();
  await page.keyboard.press("ArrowRight");
  const tomorrow = addDays(today, 1);
  await expect(page.locator(`[data-day="${tomorrow}"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: heading(tomorrow), exact: true })).toBeVisible();
  await page.locator(`[data-day="${tomorrow}"]`).click();
  await expect(page.getByRole("heading", { name: "Schedule", exact: true, level: 2 })).toBeVisible();
  const todayRow = page
    .locator('section[aria-labelledby="day-heading"]')
    .getByRole("button", { name: new RegExp(`^${formatBusinessDate(startOfBusinessDay(today), "EEEE, MMMM d")}`) });
  await expect(todayRow).toContainText(`${expected} visits`);
  await shoot(page, "schedule-month-375");
  await todayRow.click();
  await expect(page.getByRole("heading", { name: heading(today), exact: true })).toBeVisible();

  // Another month asks for its counts only.
  asked.length = 0;
  await page.getByRole("button", { name: "Next month" }).click();
  const nextMonth = addDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7);
  await expect(page.locator(`[data-day="${nextMonth}-01"]`)).toBeVisible();
  expect(asked.some((url) => url.includes("schedules.dayCounts"))).toBe(true);
  expect(asked.some((url) => url.includes("schedules.list"))).toBe(false);
});

test("the schedule form finds the customer by search instead of listing every customer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsStaff(page);
  await page.goto("/schedule?new=true");
  // Typing waits for the page to be live (its submit button is enabled once hydrated).
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await page.getByLabel("Search by name, phone, email or address").fill("fairweather");
  const picker = page.getByLabel("Customer", { exact: true });
  await expect(picker.locator("option")).toHaveText(["Choose a customer…", CUSTOMER.fullName]);
  await picker.selectOption({ label: CUSTOMER.fullName });
  await expect(picker).not.toHaveValue("");
  await shoot(page, "schedule-form-375");
});

test("the schedule screen at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  await page.goto("/schedule");
  await expect(page.getByTestId("visit-card").filter({ hasText: CUSTOMER.fullName })).toHaveCount(2);
  await shoot(page, "schedule-today-1280");
});

test("the week view lists each day's visits with their crew, at 1280 and 375 px", async ({ page }) => {
  await signInAsStaff(page);
  const customers = (await (await page.request.get(`/api/customers?q=${encodeURIComponent(CUSTOMER.email)}`)).json()) as Array<{
    id: number;
  }>;
  const crews = (await (await page.request.get("/api/crews")).json()) as Array<{ id: number; name: string }>;
  const crew = crews[0]!;
  // A visit with a crew two days on, so the week shows more than today.
  const later = addDays(today, 2);
  const visit = await page.request.post("/api/schedules", {
    data: {
      customerId: customers[0]!.id,
      crewId: crew.id,
      date: businessInstant(later, "00:00").toISOString(),
      startTime: businessInstant(later, "09:00").toISOString(),
      endTime: businessInstant(later, "09:45").toISOString(),
      status: "confirmed",
      totalPrice: 4500,
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/schedule?date=${later}`);
    // The day's list stays the default.
    await expect(page.getByRole("heading", { name: heading(later) })).toBeVisible();
    const dayOrWeek = page.getByRole("group", { name: "Day or week" });
    await expect(dayOrWeek.getByRole("button", { name: "Day", exact: true })).toHaveAttribute("aria-pressed", "true");
    await dayOrWeek.getByRole("button", { name: "Week", exact: true }).click();
    await expect(page.getByRole("heading", { name: /^Week of / })).toBeVisible();
    const week = page.getByTestId("week-view");
    await expect(week.getByTestId("week-day")).toHaveCount(7);
    const laterDay = week.getByRole("listitem", { name: formatBusinessDate(startOfBusinessDay(later), "EEEE, MMMM d") });
    const laterVisit = laterDay.getByTestId("week-visit").filter({ hasText: CUSTOMER.fullName });
    await expect(laterVisit).toContainText("9:00 AM");
    await expect(laterVisit.getByTestId("week-visit-crew")).toHaveText(crew.name);
    await shoot(page, `schedule-week-${width}`);
    // A day's heading opens that day's list.
    await laterDay.getByRole("button", { name: /open the day/ }).click();
    await expect(page.getByRole("heading", { name: heading(later) })).toBeVisible();
    await expect(page.getByTestId("visit-card").filter({ hasText: CUSTOMER.fullName }).getByTestId("visit-crew")).toHaveText(
      `Crew: ${crew.name}`,
    );
  }
});

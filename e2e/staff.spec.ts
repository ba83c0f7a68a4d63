import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { signInAsStaff, STAFF_LOGIN } from "./fixtures/accounts";

// The demo data has visits today, tomorrow, in 3 days and weekly from 7 days: day 2 and day 4 are free.
const serviceDay = addDays(businessToday(), 2);
const rainDayTarget = addDays(businessToday(), 4);
const heading = (date: string) => formatBusinessDate(startOfBusinessDay(date), "MMMM d, yyyy");

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/e2e-${name}.png`, fullPage: true });
}

test.describe.configure({ mode: "serial" });

test("signed-out visitors are sent from staff pages to the login", async ({ page }) => {
  await page.goto("/schedule");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("For staff only")).toBeVisible();
});

test("staff run a day: customers, one-time and recurring visits, status, rain day, delete, logout", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const customerName = `Dana Whitfield ${Date.now() % 100000}`;

  // Login: validation messages, a refused password, then the real thing.
  await page.goto("/login");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Username").fill(STAFF_LOGIN.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await page.getByLabel("Password").fill(STAFF_LOGIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();
  // The toast leaves the header's bell, account and Logout reachable while it shows.
  const toastBox = await page.getByRole("status").filter({ hasText: "Login successful" }).boundingBox();
  const headerBox = await page.getByRole("banner").first().boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);

  // Header: initials of 'Alex Rivera' and the bell counting unread customer messages.
  await expect(page.getByTestId("user-initials")).toHaveText("AR");
  const unread = (await (await page.request.get("/api/messages/unread")).json()) as unknown[];
  expect(unread.length).toBeGreaterThan(0);
  await expect(page.getByTestId("unread-badge")).toHaveText(String(unread.length));
  await expect(page.getByRole("link", { name: `Messages, ${unread.length} unread` })).toBeVisible();
  const upcomingBefore = Number(
    await page.getByRole("heading", { name: "Upcoming Services" }).locator("xpath=following-sibling::p[1]").innerText(),
  );
  await shoot(page, "dashboard-1280");

  // A new customer, after the form's own messages.
  await page.getByRole("navigation", { name: "Staff", exact: true }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("link", { name: "Add Customer" }).first().click();
  await expect(page.getByRole("heading", { name: "Add Customer" })).toBeVisible();
  await page.getByRole("button", { name: "Add Customer" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Address is required")).toBeVisible();
  await page.getByLabel("Full name").fill(customerName);
  await page.getByLabel("Email").fill(`dana.${Date.now()}@example.com`);
  await page.getByLabel("Phone (optional)").fill("(512) 555-0177");
  await page.getByLabel("Address").fill("77 Barton Springs Rd");
  await page.getByRole("button", { name: "Add Customer" }).click();
  await expect(page.getByText("Customer created successfully")).toBeVisible();
  // The list shows one page; with many customers the search brings this one up.
  await page.getByLabel("Search customers").fill(customerName);
  const card = page.getByTestId("customer-card").filter({ hasText: customerName });
  await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+15125550177");
  // Shown in the one format the app writes phone numbers in.
  await expect(card.getByRole("link", { name: "Call" })).toHaveText("Call (512) 555-0177");

  // A one-time visit, after the schedule form's messages.
  await page.goto("/schedule?new=true");
  await expect(page.getByRole("heading", { name: "Schedule New Service" })).toBeVisible();
  await expect(page.getByLabel("Start time")).toHaveValue("09:00");
  await expect(page.getByLabel("End time")).toHaveValue("10:30");
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  await page.getByRole("button", { name: "Schedule Service" }).click();
  await expect(page.getByText("Customer is required")).toBeVisible();
  // Typing waits for the page to be live (its submit button is enabled once hydrated).
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await page.getByLabel("Search by name, phone, email or address").fill(customerName);
  await page.getByLabel("Customer").selectOption({ label: customerName });
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Basic Lawn Mowing" });
  await expect(page.getByText("Price per visit: $35.00")).toBeVisible();
  await page.getByLabel("Service date").fill(serviceDay);
  await page.getByLabel("Start time").fill("07:00");
  await page.getByLabel("End time").fill("08:00");
  await page.getByRole("button", { name: "Schedule Service" }).click();
  await expect(page.getByText("Service scheduled successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: heading(serviceDay), exact: true })).toBeVisible();
  // The day list says each visit's crew, as "By crew" does: this one has none yet.
  await expect(page.getByTestId("visit-card").filter({ hasText: customerName }).getByTestId("visit-crew")).toHaveText(
    "No crew assigned yet",
  );

  // A weekly series on the same day; its end date must come after the service date.
  await page.goto("/schedule?new=true");
  // Typing waits for the page to be live (its submit button is enabled once hydrated).
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await page.getByLabel("Search by name, phone, email or address").fill(customerName);
  await page.getByLabel("Customer").selectOption({ label: customerName });
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Basic Lawn Mowing" });
  await page.getByLabel("Service date").fill(serviceDay);
  await page.getByLabel("Start time").fill("16:00");
  await page.getByLabel("End time").fill("17:00");
  await page.getByLabel("Recurring service").check();
  await expect(page.getByLabel("Frequency")).toHaveValue("weekly");
  await expect(page.getByText("Price per visit: $31.50")).toBeVisible();
  // A series starting past the 400 days the calendar lists says when its later visits appear.
  const horizonNote = page.getByText(/This plan starts later, so its visits appear on the calendar from \w+ \d+, \d{4}, each 400 days/);
  await expect(horizonNote).toBeHidden();
  await page.getByLabel("Service date").fill(addDays(serviceDay, 420));
  await expect(horizonNote).toBeVisible();
  await page.getByLabel("Service date").fill(serviceDay);
  await expect(horizonNote).toBeHidden();
  await page.getByLabel("Recurring end date").fill(serviceDay);
  await page.getByRole("button", { name: "Schedule Service" }).click();
  await expect(page.getByText("Recurring end date must be after the service date")).toBeVisible();
  await page.getByLabel("Recurring end date").fill(addDays(serviceDay, 21));
  await page.getByRole("button", { name: "Schedule Service" }).click();
  await expect(page.getByText("Service scheduled successfully")).toBeVisible();

  // Both on the calendar: the day is marked, the list shows both visits.
  const visits = page.getByTestId("visit-card").filter({ hasText: customerName });
  await expect(visits).toHaveCount(2);
  await expect(page.locator(`[data-day="${serviceDay}"]`)).toHaveClass(/underline/);
  await shoot(page, "schedule-1280");

  // One visit of the series completed; next week's visit keeps its own status.
  const seriesVisit = visits.filter({ hasText: "4:00 PM" });
  await seriesVisit.getByLabel("Status of this visit").selectOption("completed");
  await expect(page.getByText("Service updated successfully")).toBeVisible();
  await expect(seriesVisit.locator("span", { hasText: /^completed$/ })).toBeVisible();
  await page.goto(`/schedule?date=${addDays(serviceDay, 7)}`);
  await expect(page.getByTestId("visit-card").filter({ hasText: customerName }).getByLabel("Status of this visit")).toHaveValue("pending");

  // That one visit moves a day later, at 2 PM, keeping its hour; the week after stays at 4 PM.
  await page
    .getByTestId("visit-card")
    .filter({ hasText: customerName })
    .getByRole("button", { name: /Move visit/ })
    .click();
  const moveDialog = page.getByRole("dialog", { name: "Move this visit" });
  await moveDialog.getByLabel("New date").fill(addDays(serviceDay, 8));
  await moveDialog.getByLabel("New start time").fill("14:00");
  await shoot(page, "move-visit-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, "move-visit-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await moveDialog.getByRole("button", { name: "Move visit" }).click();
  await expect(page.getByText("The customer is told.")).toBeVisible();
  await page.goto(`/schedule?date=${addDays(serviceDay, 8)}`);
  await expect(page.getByTestId("visit-card").filter({ hasText: customerName })).toContainText("2:00 PM – 3:00 PM");
  await page.goto(`/schedule?date=${addDays(serviceDay, 14)}`);
  await expect(page.getByTestId("visit-card").filter({ hasText: customerName })).toContainText("4:00 PM – 5:00 PM");

  // The dashboard counts the new visits.
  await page.getByRole("navigation", { name: "Staff", exact: true }).getByRole("link", { name: "Dashboard" }).click();
  const upcomingNow = page.getByRole("heading", { name: "Upcoming Services" }).locator("xpath=following-sibling::p[1]");
  await expect.poll(async () => Number(await upcomingNow.innerText())).toBeGreaterThan(upcomingBefore);

  // Rain day: the pending visit moves two days on, the completed one stays.
  await page.goto(`/schedule?date=${serviceDay}`);
  await page.getByRole("button", { name: "Rain day" }).click();
  const dialog = page.getByRole("dialog", { name: "Reschedule for weather" });
  await dialog.getByLabel("Move visits to").fill(rainDayTarget);
  await expect(
    dialog.getByText(`will move to ${formatBusinessDate(startOfBusinessDay(rainDayTarget), "EEEE, MMMM d, yyyy")}`),
  ).toBeVisible();
  await expect(dialog.getByText(`${customerName}: 7:00 AM – 8:00 AM`)).toBeVisible();
  await shoot(page, "rain-day-1280");
  await dialog.getByRole("button", { name: /^Move \d+ visits?$/ }).click();
  await expect(page.getByText(/moved to .*customers? notified/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: heading(rainDayTarget), exact: true })).toBeVisible();
  await expect(page.getByTestId("visit-card").filter({ hasText: customerName })).toContainText("7:00 AM – 8:00 AM");

  // Delete the customer through the confirmation dialog.
  await page.goto("/customers");
  await page.getByLabel("Search customers").fill(customerName);
  await page
    .getByTestId("customer-card")
    .filter({ hasText: customerName })
    .getByRole("button", { name: /Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete customer?" });
  await expect(confirm).toContainText(customerName);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Customer deleted")).toBeVisible();
  await expect(page.getByTestId("customer-card").filter({ hasText: customerName })).toHaveCount(0);

  // Logout returns to the login; staff pages are closed again.
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have been logged out")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a customer with payment history cannot be deleted", async ({ page }) => {
  await signInAsStaff(page);
  // The demo data records a payment from Linda Thompson.
  await page.goto("/customers");
  await page.getByLabel("Search customers").fill("Linda Thompson");
  await page
    .getByTestId("customer-card")
    .filter({ hasText: "Linda Thompson" })
    .getByRole("button", { name: /Delete/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("payment history and cannot be deleted");
});

test("on a phone: bottom bar, plus button per page, logout in the account menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsStaff(page);
  await page.goto("/dashboard");
  const bottomBar = page.getByRole("navigation", { name: "Staff sections" });
  await expect(bottomBar).toBeVisible();
  await expect(bottomBar.getByRole("link")).toHaveText(["Dashboard", "Schedule", "Customers", "Messages", "Payments"]);
  await expect(page.getByRole("navigation", { name: "Staff", exact: true })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeHidden();
  await expect(page.getByRole("link", { name: "New service", exact: true })).toHaveAttribute("href", "/schedule?new=true");
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await shoot(page, "dashboard-375");

  await bottomBar.getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
  await page.getByRole("link", { name: "New customer", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Add Customer" })).toBeVisible();

  await bottomBar.getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { name: "Schedule", exact: true })).toBeVisible();
  await shoot(page, "schedule-375");
  await page.getByRole("link", { name: "New service", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Schedule New Service" })).toBeVisible();
  await shoot(page, "schedule-form-375");

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, "login-375");
});

import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";

// Far enough ahead that no other journey's visit falls on this day.
const day = addDays(businessToday(), 130);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/crews-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("staff rename a crew, give it a visit, and see the visit under that crew on the day by crew", async ({ page }) => {
  const customer = await registerCustomer(page.request, { fullName: `Cora Crews ${Date.now() % 100000}` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);

  // Rename "Crew 1" in Settings.
  await page.goto("/settings");
  const crewOne = page.getByRole("form", { name: "Crew Crew 1" });
  await crewOne.getByLabel("Crew name").fill("Lakeway crew");
  await crewOne.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Now called Lakeway crew.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Crew Lakeway crew" })).toBeVisible();
  // An empty name is refused in plain words.
  await page.getByRole("button", { name: "Add crew" }).click();
  await expect(page.getByText("Crew name is required")).toBeVisible();
  await shoot(page, "settings");

  // A visit for the renamed crew.
  await page.goto("/schedule?new=true");
  // Typing waits for the page to be live (its submit button is enabled once hydrated).
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await page.getByLabel("Search by name, phone, email or address").fill(customer.fullName);
  await page.getByLabel("Customer").selectOption({ label: customer.fullName });
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Basic Lawn Mowing" });
  await page.getByLabel("Crew").selectOption({ label: "Lakeway crew" });
  await page.getByLabel("Service date").fill(day);
  await page.getByLabel("Start time").fill("10:00");
  await page.getByLabel("End time").fill("11:00");
  await page.getByRole("button", { name: "Schedule Service" }).click();
  await expect(page.getByText("Service scheduled successfully")).toBeVisible();

  // The day by crew: the visit sits under Lakeway crew and nowhere else (the demo data's series may
  // put unassigned visits of other customers on the same day).
  await page.goto(`/schedule?date=${day}`);
  await expect(page.getByRole("heading", { name: formatBusinessDate(startOfBusinessDay(day), "MMMM d, yyyy"), exact: true })).toBeVisible();
  // The day list names the crew on the visit's card too.
  await expect(page.getByTestId("visit-card").filter({ hasText: customer.fullName }).getByTestId("visit-crew")).toHaveText(
    "Crew: Lakeway crew",
  );
  await page.getByRole("button", { name: "By crew" }).click();
  const lakeway = page.getByRole("region", { name: "Lakeway crew" });
  await expect(lakeway.getByTestId("visit-card")).toContainText(customer.fullName);
  await expect(page.getByRole("region", { name: "Crew 2" })).not.toContainText(customer.fullName);
  await expect(page.getByRole("region", { name: "Unassigned" })).not.toContainText(customer.fullName);
  await shoot(page, "day-by-crew");
});

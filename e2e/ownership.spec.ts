import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { registerCustomer } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

// A day of its own, on an hour no other journey books.
const day = addDays(businessToday(), 23);
const long = formatBusinessDate(startOfBusinessDay(day), "EEEE, MMMM d, yyyy");

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/ownership-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a booking made under an account's email without signing in waits apart until the owner says it is theirs", async ({ browser }) => {
  const portalContext = await browser.newContext();
  const portal = await portalContext.newPage();
  await portal.setViewportSize({ width: 1280, height: 900 });
  const owner = await registerCustomer(portal.request, { fullName: "Olivia Owner" });
  // The owner proved the address (the link in the email; the journeys of that link are elsewhere).
  await withE2eDatabase((sql) => sql`update customers set is_verified = true where email = ${owner.email}`);

  // Someone not signed in books with the owner's email.
  const stranger = await browser.newContext();
  const services = (await (await stranger.request.get("/api/services")).json()) as Array<{ id: number; name: string }>;
  const mowing = services.find((service) => service.name === "Basic Lawn Mowing")!;
  const booked = await stranger.request.post("/api/bookings", {
    data: {
      serviceId: String(mowing.id),
      date: day,
      timeSlot: "16:00",
      isRecurring: false,
      recurringFrequency: "weekly",
      address: "77 Stranger Rd",
      city: "Austin",
      state: "TX",
      zipCode: "78704",
      specialInstructions: "",
      fullName: "Sam Stranger",
      email: owner.email,
      phone: "5125550177",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await stranger.close();

  await portal.goto("/customer/account");
  await portal.getByRole("tab", { name: "Appointments" }).click();
  const waiting = portal.getByRole("region", { name: "Booked under your email" });
  await expect(waiting.getByTestId("awaiting-card").filter({ hasText: "77 Stranger Rd" })).toBeVisible();
  const upcoming = portal.getByRole("region", { name: "Upcoming Appointments" });
  await expect(upcoming.getByText("77 Stranger Rd")).toHaveCount(0);
  await shoot(portal, "waiting");

  await waiting.getByRole("button", { name: "This is mine" }).click();
  await expect(portal.getByText("Added to your account")).toBeVisible();
  await expect(upcoming.getByTestId("appointment-card").filter({ hasText: long })).toBeVisible();
  await expect(portal.getByRole("region", { name: "Booked under your email" })).toHaveCount(0);
  await shoot(portal, "confirmed");
  await portalContext.close();
});

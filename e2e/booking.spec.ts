import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

const NOT_SERVICED = "We're sorry, but we don't currently service your area. Please check our service areas on the Contact page.";
const SERVICED = "Great! We service your area.";
const NO_ZIP = "Please enter a complete address with a valid zip code.";
const LAWN_SIZE_GUIDE = "small 500-2,000, medium 2,000-5,000, large 5,000+ sq ft";

/** An Austin date `days` from today: every test books on a day of its own. */
const inDays = (days: number) => addDays(businessToday(), days);

async function serviceIdNamed(page: Page, name: string): Promise<number> {
  const services = (await (await page.request.get("/api/services")).json()) as Array<{ id: number; name: string }>;
  const service = services.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`No service named ${name}`);
  return service.id;
}

function bookingBody(serviceId: number, date: string, timeSlot: string, email: string) {
  return {
    serviceId,
    address: "200 Lamar Blvd",
    city: "Austin",
    state: "TX",
    zipCode: "78704",
    date,
    timeSlot,
    isRecurring: false,
    recurringFrequency: "weekly",
    fullName: "Other Booker",
    email,
    phone: "5125550177",
  };
}

/** The visits staff see for that day (GET /api/schedules, a single day is startDate = endDate). */
async function staffVisitsOn(page: Page, date: string): Promise<Array<{ id: number; status: string; bookingReference: string | null }>> {
  await signInAsStaff(page);
  const response = await page.request.get(`/api/schedules?startDate=${date}&endDate=${date}`);
  expect(response.status()).toBe(200);
  // The month list is lean; the booking reference belongs to the plan each visit comes from.
  const visits = (await response.json()) as Array<{ id: number; status: string }>;
  return Promise.all(
    visits.map(async (visit) => {
      const plan = (await (await page.request.get(`/api/schedules/${visit.id}`)).json()) as { bookingReference: string | null };
      return { ...visit, bookingReference: plan.bookingReference };
    }),
  );
}

async function fillLocation(page: Page, zip = "78701") {
  await page.getByLabel("Street address").fill("1100 Congress Ave");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("ZIP code").fill(zip);
}

async function chooseDateAndSlot(page: Page, date: string, slot: string) {
  await page.getByLabel("Date").fill(date);
  await page.getByRole("radio", { name: slot }).check();
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("5125550123");
}

test("a visitor books a one-time visit, with every step's checks, and staff see it that day", async ({ page }) => {
  const date = inDays(2);
  const email = `jordan.${Date.now()}@example.com`;
  await page.goto("/book");

  // Service
  await expect(page.getByRole("navigation", { name: "Booking progress" })).toContainText("Service");
  const toLocation = page.getByRole("button", { name: "Continue to Location" });
  await expect(toLocation).toBeDisabled();
  await expect(page.getByRole("link", { name: "View all services" })).toHaveAttribute("href", "/services");
  await page.getByRole("radio", { name: /Basic Lawn Mowing/ }).check();
  await expect(toLocation).toBeEnabled();
  await toLocation.click();

  // Location: the live service-area message and the disabled Continue
  await expect(page.getByRole("heading", { name: "Where is the lawn?" })).toBeFocused();
  const toSchedule = page.getByRole("button", { name: "Continue to Schedule" });
  await expect(toSchedule).toBeDisabled();
  await expect(page.getByLabel("State")).toHaveValue("TX");
  await expect(page.getByLabel("Lawn size (sq ft)")).toHaveCount(0);
  await page.getByLabel("Street address").fill("12 A");
  await page.getByLabel("ZIP code").fill("7870");
  await expect(page.getByText(SERVICED)).toHaveCount(0);
  await page.getByLabel("ZIP code").fill("10001");
  await expect(page.getByText(NOT_SERVICED)).toBeVisible();
  await expect(toSchedule).toBeDisabled();
  await page.getByLabel("ZIP code").fill("abcde");
  await expect(page.getByText(NO_ZIP)).toBeVisible();
  await page.getByLabel("ZIP code").fill("78701");
  await expect(page.getByText(SERVICED)).toBeVisible();
  await expect(toSchedule).toBeEnabled();
  await toSchedule.click();
  await expect(page.getByText("Please enter your full address")).toBeVisible();
  await expect(page.getByText("City is required")).toBeVisible();
  await fillLocation(page);
  await expect(page.getByText("Please enter your full address")).toHaveCount(0);
  await toSchedule.click();

  // Schedule
  const toContact = page.getByRole("button", { name: "Continue to Contact" });
  await toContact.click();
  await expect(page.getByText("Please select a date")).toBeVisible();
  await expect(page.getByText("Please select a time slot")).toBeVisible();
  await expect(page.getByLabel("Date")).toHaveAttribute("min", inDays(1));
  await chooseDateAndSlot(page, date, "1:00 PM");
  // Changing the date clears the slot.
  await page.getByLabel("Date").fill(inDays(3));
  await expect(page.getByRole("radio", { name: "1:00 PM" })).not.toBeChecked();
  await chooseDateAndSlot(page, date, "1:00 PM");
  await expect(page.getByLabel("Frequency")).toHaveCount(0);
  await page.getByLabel("Special instructions (optional)").fill("Side gate is unlocked");
  await toContact.click();

  // Contact
  const toReview = page.getByRole("button", { name: "Continue to Review" });
  await toReview.click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await expect(page.getByText("Valid phone number is required")).toBeVisible();
  await fillContact(page, email);
  await toReview.click();

  // Review
  const [year, month, day] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(page.getByText(weekday)).toBeVisible();
  await expect(page.getByText("1:00 PM")).toBeVisible();
  await expect(page.getByText("Austin, TX 78701")).toBeVisible();
  await expect(page.getByText("Service price")).toBeVisible();
  // The service price and the total.
  await expect(page.getByText("$35.00")).toHaveCount(2);
  await expect(page.getByText("Recurring discount (10%)")).toHaveCount(0);
  await expect(page.getByText("Payment will be processed securely after booking confirmation.").first()).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await toReview.click();
  await page.getByRole("button", { name: "Complete Booking" }).click();

  // Confirmation
  await expect(page.getByRole("heading", { name: "Thank you! Your booking is received." })).toBeVisible();
  const reference = (await page.getByTestId("booking-reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^GS-[A-Z2-9]{6}$/);
  await expect(page.getByText("What happens next")).toBeVisible();
  const register = page.getByRole("link", { name: "Create an account" });
  await expect(register).toHaveAttribute("href", `/customer/register?email=${encodeURIComponent(email)}&name=Jordan+Rivera`);

  const visits = await staffVisitsOn(page, date);
  expect(visits).toEqual(expect.arrayContaining([expect.objectContaining({ bookingReference: reference, status: "pending" })]));
});

test("a signed-in customer books a recurring per-sq-ft visit with the discount, pre-filled", async ({ page }) => {
  const customer = await registerCustomer(page.request, { fullName: "Casey Morgan" });
  const premiumId = await serviceIdNamed(page, "Premium Lawn Care");
  const date = inDays(4);
  await page.goto(`/book?service=${premiumId}&zip=78704`);

  await expect(page.getByRole("radio", { name: /Premium Lawn Care/ })).toBeChecked();
  await page.getByRole("button", { name: "Continue to Location" }).click();

  await expect(page.getByLabel("ZIP code")).toHaveValue("78704");
  await expect(page.getByText(SERVICED)).toBeVisible();
  await page.getByLabel("Street address").fill("4500 S Lamar Blvd");
  await page.getByLabel("City").fill("Austin");
  const lawnSize = page.getByLabel("Lawn size (sq ft)");
  await expect(lawnSize).toHaveValue("1000");
  // The size guide opens from the keyboard and closes with Escape.
  await page.getByRole("button", { name: "Lawn size guide" }).focus();
  await expect(page.getByRole("tooltip")).toHaveText(LAWN_SIZE_GUIDE);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toBeHidden();
  await lawnSize.fill("");
  await page.getByRole("button", { name: "Continue to Schedule" }).click();
  await expect(page.getByText("Lawn size must be at least 100 sq ft")).toBeVisible();
  await lawnSize.fill("2500");
  await expect(page.getByText("Lawn size must be at least 100 sq ft")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue to Schedule" }).click();

  await chooseDateAndSlot(page, date, "9:00 AM");
  await page.getByLabel("Save up to 10% with recurring service").check();
  await page.getByLabel("Frequency").selectOption("biweekly");
  await page.getByRole("button", { name: "Continue to Contact" }).click();

  await expect(page.getByLabel("Full name")).toHaveValue("Casey Morgan");
  await expect(page.getByLabel("Email")).toHaveValue(customer.email);
  await expect(page.getByLabel("Phone")).toHaveValue(customer.phone);
  await page.getByRole("button", { name: "Continue to Review" }).click();

  // 6 cents x 2,500 sq ft = $150.00, 10% off = $15.00.
  await expect(page.getByText("$0.06 × 2,500 sq ft")).toBeVisible();
  await expect(page.getByText("$150.00")).toBeVisible();
  await expect(page.getByText("Recurring discount (10%)")).toBeVisible();
  await expect(page.getByText("-$15.00")).toBeVisible();
  await expect(page.getByText("$135.00")).toBeVisible();
  await expect(page.getByText("Recurring: Biweekly (every 2 weeks)")).toBeVisible();
  await page.getByRole("button", { name: "Complete Booking" }).click();

  await expect(page.getByText(/then biweekly/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to My Account" })).toHaveAttribute("href", "/customer/account");
  const reference = (await page.getByTestId("booking-reference").textContent())?.trim();
  const visits = await staffVisitsOn(page, date);
  expect(visits).toEqual(expect.arrayContaining([expect.objectContaining({ bookingReference: reference, status: "pending" })]));
});

test("a full slot is greyed out, and a slot taken meanwhile is refused with every value kept", async ({ page }) => {
  const mowingId = await serviceIdNamed(page, "Basic Lawn Mowing");
  const date = inDays(5);
  // As many bookings as crews at work fill 13:00 (other journeys may have added a crew).
  const crews = await withE2eDatabase(
    async (sql) => (await sql<Array<{ n: number }>>`select count(*)::int as n from crews where active`)[0]!.n,
  );
  const fill = Array.from({ length: crews }, (_, index) => index + 1);
  for (const n of fill) {
    const response = await page.request.post("/api/bookings", {
      data: bookingBody(mowingId, date, "13:00", `filler.${Date.now()}.${n}@example.com`),
    });
    // 409 on a retry: the first try filled it already.
    expect([201, 409]).toContain(response.status());
  }

  await page.goto(`/book?service=${mowingId}`);
  await page.getByRole("button", { name: "Continue to Location" }).click();
  await fillLocation(page);
  await page.getByRole("button", { name: "Continue to Schedule" }).click();
  await page.getByLabel("Date").fill(date);
  await expect(page.getByRole("radio", { name: "1:00 PM" })).toBeDisabled();
  await expect(page.locator("label", { has: page.getByRole("radio", { name: "1:00 PM" }) })).toContainText("Full");
  await expect(page.getByRole("radio", { name: "12:00 PM" })).toBeEnabled();
  await page.getByRole("radio", { name: "3:00 PM" }).check();
  await page.getByRole("button", { name: "Continue to Contact" }).click();
  const email = `late.${Date.now()}@example.com`;
  await fillContact(page, email);
  await page.getByRole("button", { name: "Continue to Review" }).click();

  // Meanwhile other bookings take every crew at 15:00.
  for (const n of fill) {
    await page.request.post("/api/bookings", { data: bookingBody(mowingId, date, "15:00", `race.${Date.now()}.${n}@example.com`) });
  }
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That time slot is no longer available" }).first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Booking failed" })).toBeVisible();
  await page.screenshot({ path: "screenshots/e2e-booking-refused-review-1280.png", fullPage: true });

  await page.getByRole("button", { name: "Change Schedule" }).click();
  await expect(page.getByLabel("Date")).toHaveValue(date);
  await expect(page.getByRole("radio", { name: "3:00 PM" })).toBeDisabled();
  const slots = page.getByRole("group", { name: "Time slot" });
  await expect(slots.getByText("That time slot is no longer available")).toBeVisible();
  await page.screenshot({ path: "screenshots/e2e-booking-slot-refused-1280.png", fullPage: true });
  await page.getByRole("radio", { name: "4:00 PM" }).check();
  await expect(slots.getByText("That time slot is no longer available")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue to Contact" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Continue to Review" }).click();
  await expect(page.getByText("1100 Congress Ave")).toBeVisible();
  await page.getByRole("button", { name: "Complete Booking" }).click();
  await expect(page.getByTestId("booking-reference")).toHaveText(/^GS-/);
});

test("the wizard finds the ZIP in the address when the ZIP field has none", async ({ page }) => {
  await page.goto("/book");
  await page.getByRole("radio", { name: /Basic Lawn Mowing/ }).check();
  await page.getByRole("button", { name: "Continue to Location" }).click();
  await page.getByLabel("Street address").fill("500 W 2nd St, Austin TX 78701");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("ZIP code").fill("00000");
  await expect(page.getByText(SERVICED)).toBeVisible();
  await page.getByRole("button", { name: "Continue to Schedule" }).click();
  await expect(page.getByRole("heading", { name: "Pick a date and time" })).toBeVisible();
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test("every step passes an accessibility audit, at 1280 and 375 px", async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/book?zip=78701");
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: /Premium Lawn Care/ }).check();
    await page.getByRole("button", { name: "Continue to Location" }).click();
    await expect(page.getByText(SERVICED)).toBeVisible();
    await page.getByRole("button", { name: "Lawn size guide" }).focus();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `screenshots/e2e-booking-location-${width}.png`, fullPage: true });
    await fillLocation(page);
    await page.getByRole("button", { name: "Continue to Schedule" }).click();
    await page.getByRole("button", { name: "Continue to Contact" }).click();
    await chooseDateAndSlot(page, inDays(6), "10:00 AM");
    await page.getByLabel("Save up to 10% with recurring service").check();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue to Contact" }).click();
    await fillContact(page, "audit@example.com");
    await page.getByRole("button", { name: "Continue to Review" }).click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `screenshots/e2e-booking-review-${width}.png`, fullPage: true });
  }
});

import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from "@playwright/test";
import { addDays, businessInstant, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { signInAsStaff } from "./fixtures/accounts";
import { linkIn, receivedEmail } from "./fixtures/mailbox";

// A visit an accepted quote cannot fit (docs/product-rules.md#quotes): every crew is busy on the
// quote's day, so acceptance leaves the visit pending and flagged. Staff see "Needs a time" on the
// schedule, the count on the dashboard and the list it leads to, the note on the edit form and the
// quote. Staff give it another day in the edit form, which keeps the quoted price, and the flag
// goes everywhere; confirming a flagged visit where it is clears it too (Vitest covers that).

// Far enough ahead that no other journey's visit falls on this day.
const day = addDays(businessToday(), 187);

/** At 1280 and 375 px: the whole page, or the screen around `around` when the page is long. */
async function shoot(page: Page, name: string, around?: Locator) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (around) await around.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `screenshots/needs-time-${name}-${width}.png`, fullPage: !around });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function answered<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

/** Every crew busy all day on `day`: a visit an hour per crew, 7 am to 7 pm, for another customer. */
async function fillTheDay(request: APIRequestContext, suffix: number) {
  const customer = await answered<{ id: number }>(
    request.post("/api/customers", {
      data: {
        fullName: `Busy Day ${suffix}`,
        email: `busy.day.${suffix}@example.com`,
        address: "900 Lamar Blvd",
        city: "Austin",
        state: "TX",
        zipCode: "78703",
      },
    }),
    201,
  );
  const crews = await answered<unknown[]>(request.get("/api/crews"));
  for (let hour = 7; hour <= 18; hour++) {
    const startTime = businessInstant(day, `${String(hour).padStart(2, "0")}:00`);
    for (let crew = 0; crew < crews.length; crew++) {
      await answered(
        request.post("/api/schedules", {
          data: {
            customerId: customer.id,
            date: startTime.toISOString(),
            startTime: startTime.toISOString(),
            endTime: new Date(startTime.getTime() + 60 * 60_000).toISOString(),
            status: "confirmed",
            totalPrice: 5_000,
          },
        }),
        201,
      );
    }
  }
}

/** The token in the newest quote email that reached this address. */
async function emailedToken(email: string): Promise<string> {
  const path = linkIn(await receivedEmail(email, /^Your quote/), /https?:\/\/\S+\/q\/[a-z2-7]+/);
  return path.split("/").pop()!;
}

test("a quote's visit no crew can take shows as needing a time until staff give it one", async ({ page, request }) => {
  const suffix = Date.now() % 100000;
  const name = `Nadia Timeless ${suffix}`;
  const email = `nadia.${suffix}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  await fillTheDay(page.request, suffix);

  // Staff quote a one-time visit on that day at 10:00 and send it; the customer accepts by the link.
  const quote = await answered<{ id: number }>(
    page.request.post("/api/quotes", {
      data: {
        contact: { fullName: name, email, address: "4512 Avenue F", city: "Austin", zipCode: "78751" },
        items: [{ description: "Aerate and overseed the back lawn", quantity: 1, unitPrice: 38_000 }],
        expiresOn: addDays(businessToday(), 30),
        plan: { kind: "one_time", firstDate: day, startTime: "10:00", durationMinutes: 120 },
        deposit: { kind: "none", value: 0 },
      },
    }),
    201,
  );
  await answered(page.request.post(`/api/quotes/${quote.id}/send`, { data: {} }));
  // The customer's own client: no staff cookie.
  const token = await emailedToken(email);
  await answered(request.post("/api/quote-page/accept", { data: { token, version: 1, signedName: name, agreeToTerms: true } }));

  // The schedule's day: the visit carries the badge; the office is told how many wait.
  await page.goto(`/schedule?date=${day}`);
  const card = page.getByTestId("visit-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("needs-time-badge")).toHaveText("Needs a time");
  await expect(card).toContainText("No crew was free at this time");
  await expect(
    page
      .getByTestId("visit-card")
      .filter({ hasText: `Busy Day ${suffix}` })
      .getByTestId("needs-time-badge"),
  ).toHaveCount(0);
  await expect(page.getByTestId("needs-time-notice")).toContainText(/\d+ visits? needs? a time/);
  await expect(page.locator(`[data-day="${day}"]`)).toHaveAttribute("aria-label", /, 1 needing a time$/);
  await expect(page.locator(`[data-day="${day}"]`).getByTestId("needs-time-dot")).toBeVisible();
  await shoot(page, "schedule-day", card);
  // The whole month: the day is marked and its line says how many wait.
  await page.getByRole("button", { name: "Show the whole month" }).click();
  await expect(
    page.getByRole("list").getByRole("button", { name: new RegExp(`^${formatBusinessDate(startOfBusinessDay(day), "EEEE, MMMM d")}\\b`) }),
  ).toContainText("1 needs a time");
  await shoot(page, "schedule-month");

  // The dashboard counts it and leads to the list.
  await page.goto("/dashboard");
  const count = Number(await page.getByTestId("visits-needing-time").textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await shoot(page, "dashboard");
  await page.getByRole("link", { name: /need(s)? a time/ }).click();
  await expect(page).toHaveURL(/\/schedule\?needsTime=true/);
  await expect(page.getByRole("heading", { name: "Visits needing a time" })).toBeVisible();
  await expect(page.getByTestId("visit-card").filter({ hasText: name }).getByTestId("needs-time-badge")).toBeVisible();
  await shoot(page, "list");

  // The quote lists it, dated, and the edit form says what to do.
  await page.goto(`/quotes/${quote.id}`);
  const onQuote = page.getByTestId("quote-visits-needing-time");
  await expect(onQuote).toContainText("1 visit needs a time");
  await expect(onQuote.getByRole("link")).toHaveText(formatBusinessDate(businessInstant(day, "10:00"), "EEE, MMM d 'at' h:mm a"));
  await shoot(page, "quote");
  const planned = await answered<{ scheduleId: number }>(page.request.get(`/api/quotes/${quote.id}`));
  await page.goto(`/schedule?edit=${planned.scheduleId}`);
  await expect(page.getByTestId("needs-time-note")).toContainText("Pick a date and time a crew is free");
  await shoot(page, "edit");

  // Staff give it the next day, a free one, in the edit form: the quoted price stays ($380.00 and 8.25% tax).
  await expect(page.getByText("Price per visit: $411.35, as agreed.")).toBeVisible();
  await page.getByLabel("Service date").fill(addDays(day, 1));
  await page.getByRole("button", { name: "Update Service" }).click();
  await expect(page.getByText("Service updated successfully")).toBeVisible();
  const moved = await answered<{ totalPrice: number; serviceId: number | null }>(page.request.get(`/api/schedules/${planned.scheduleId}`));
  expect(moved).toMatchObject({ totalPrice: 41_135, serviceId: null });

  // The badge goes, from the day, the list and the quote.
  await page.goto(`/schedule?date=${addDays(day, 1)}`);
  await expect(page.getByTestId("visit-card").filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId("visit-card").filter({ hasText: name }).getByTestId("needs-time-badge")).toHaveCount(0);
  await page.goto("/schedule?needsTime=true");
  await expect(page.getByRole("heading", { name: "Visits needing a time" })).toBeVisible();
  await expect(page.getByTestId("visit-card").filter({ hasText: name })).toHaveCount(0);
  await page.goto(`/quotes/${quote.id}`);
  await expect(page.getByText("Every visit that needed a time has one now.")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("visits-needing-time")).toHaveText(String(count - 1));
});

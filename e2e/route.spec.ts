import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, businessInstant, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { hashPassword } from "../src/server/auth/password";
import { signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

// The day's route (docs/product-rules.md#the-days-route): the office opens a crew's day, optimizes
// it, sees the driving drop, applies it, and the schedule shows the new times.

// Far enough ahead that no other journey's visit falls on this day.
const day = addDays(businessToday(), 173);

async function shoot(page: Page, name: string) {
  const back = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/route-${name}-${width}.png`, fullPage: true });
  }
  if (back) await page.setViewportSize(back);
}

/** A day that zigzags across Austin in time order: north, south, north-west, south-east, north-east. */
const STOPS = [
  { time: "09:00", latitude: 30.42, longitude: -97.7 },
  { time: "10:30", latitude: 30.17, longitude: -97.8 },
  { time: "12:00", latitude: 30.4, longitude: -97.78 },
  { time: "13:30", latitude: 30.19, longitude: -97.72 },
  { time: "15:00", latitude: 30.44, longitude: -97.65 },
];

async function created<T>(response: Promise<import("@playwright/test").APIResponse>, status = 201): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

/** As the owner: a crew, the start address, and five office-made visits pinned where STOPS says. */
async function zigzagDay(request: APIRequestContext, suffix: number) {
  const crew = await created<{ id: number; name: string }>(request.post("/api/crews", { data: { name: `Route crew ${suffix}` } }));
  await created(
    request.put("/api/settings/route-start", { data: { address: "301 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" } }),
    200,
  );
  const [service] = await created<Array<{ id: number }>>(request.get("/api/services"), 200);
  const names: string[] = [];
  for (const [index, stop] of STOPS.entries()) {
    const fullName = `Rosa Route${index + 1} ${suffix}`;
    const customer = await created<{ id: number }>(
      request.post("/api/customers", {
        data: {
          fullName,
          email: `rosa.route${index + 1}.${suffix}@example.com`,
          address: `${index + 1}00 Oak St`,
          city: "Austin",
          state: "TX",
          zipCode: "78704",
        },
      }),
    );
    const startTime = businessInstant(day, stop.time);
    const plan = await created<{ id: number }>(
      request.post("/api/schedules", {
        data: {
          customerId: customer.id,
          serviceId: service!.id,
          crewId: crew.id,
          date: startTime.toISOString(),
          startTime: startTime.toISOString(),
          endTime: new Date(startTime.getTime() + 60 * 60_000).toISOString(),
          status: "confirmed",
          notes: `Gate code ${index + 1}234`,
        },
      }),
    );
    await created(request.put(`/api/schedules/${plan.id}/location`, { data: { latitude: stop.latitude, longitude: stop.longitude } }), 200);
    names.push(fullName);
  }
  return { crew, names };
}

/** An office member, made in the database (invitations have their own journey in roles.spec.ts). */
async function officeLogin(suffix: number) {
  const login = { username: `olive_route_${suffix}`, password: "front-desk-route-1" };
  const passwordHash = await hashPassword(login.password);
  await withE2eDatabase(
    (sql) => sql`insert into staff_users (username, password_hash, full_name, email, role)
      values (${login.username}, ${passwordHash}, 'Olive Route', ${`olive.route.${suffix}@example.com`}, 'office')`,
  );
  return login;
}

const milesIn = (text: string) => [...text.matchAll(/([\d.]+) mi\b/g)].map((match) => Number(match[1]));

test("the office optimizes a crew's day, sees the driving drop, applies it, and the schedule shows the new times", async ({ page }) => {
  const suffix = Date.now() % 100000;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const { crew, names } = await zigzagDay(page.request, suffix);
  const login = await officeLogin(suffix);
  await page.context().clearCookies();
  const signedIn = await page.request.post("/api/auth/login", { data: login });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);

  // From the schedule's day to its route, then the crew.
  await page.goto(`/schedule?date=${day}`);
  await expect(page.getByRole("heading", { name: formatBusinessDate(startOfBusinessDay(day), "MMMM d, yyyy"), exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Route", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule/route\\?date=${day}`));
  await expect(page.getByLabel("Crew")).toBeEnabled();
  await page.getByLabel("Crew").selectOption({ label: crew.name });
  await expect(page.getByTestId("route-stop")).toHaveCount(5);
  await expect(page.getByTestId("route-stop").first()).toContainText(names[0]!);
  await expect(page.getByTestId("route-stop").first()).toContainText("Gate code 1234");
  const navigate = page.getByRole("link", { name: "Navigate to next stop" });
  await expect(navigate).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&travelmode=driving&destination=30\.420000%2C-97\.700000$/,
  );
  // Offline here: the map says its tiles did not load, and still draws the stops.
  await expect(page.getByTestId("route-map").locator(".route-marker")).toHaveCount(6);
  const before = milesIn((await page.getByTestId("route-total").textContent()) ?? "")[0]!;
  expect(before).toBeGreaterThan(0);
  await shoot(page, "day");

  await page.getByRole("button", { name: "Optimize" }).click();
  const proposal = page.getByTestId("route-proposal");
  await expect(proposal).toBeVisible();
  const [proposedBefore, proposedAfter] = milesIn((await page.getByTestId("route-proposal-distance").textContent()) ?? "");
  expect(proposedBefore).toBeCloseTo(before, 1);
  expect(proposedAfter!).toBeLessThan(proposedBefore!);
  await shoot(page, "proposal");

  await page.getByRole("button", { name: "Apply new order" }).click();
  await expect(page.getByText("New order applied")).toBeVisible();
  await expect(proposal).toBeHidden();
  await expect.poll(async () => milesIn((await page.getByTestId("route-total").textContent()) ?? "")[0]).toBeCloseTo(proposedAfter!, 1);

  // The schedule shows each visit at its new time.
  const route = await created<{ stops: Array<{ customer: { fullName: string }; startTime: string; endTime: string }> }>(
    page.request.get(`/api/routes/${crew.id}/${day}`),
    200,
  );
  const moved = route.stops.filter(
    (stop) => !STOPS.some((original) => businessInstant(day, original.time).toISOString() === stop.startTime),
  );
  expect(moved.length).toBeGreaterThan(0);
  await page.goto(`/schedule?date=${day}`);
  for (const stop of route.stops) {
    const card = page.getByTestId("visit-card").filter({ hasText: stop.customer.fullName });
    await expect(card).toContainText(
      `${formatBusinessDate(new Date(stop.startTime), "h:mm a")} – ${formatBusinessDate(new Date(stop.endTime), "h:mm a")}`,
    );
  }
  await shoot(page, "schedule-after");
});

test("a crew member sees only their own crew's route at 375 px; the owner sets the start address in Settings", async ({
  page,
  browser,
}) => {
  const suffix = (Date.now() % 100000) + 1;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const { crew, names } = await zigzagDay(page.request, suffix);

  // Saved addresses are placed in the background (ZIP centres here), without anyone waiting.
  await expect
    .poll(() =>
      withE2eDatabase(
        (sql) => sql<{ source: string | null }[]>`select location_source as source from customers where full_name = ${names[0]!}`,
      ).then((rows) => rows[0]?.source ?? null),
    )
    .toBe("zip");

  // The owner's Settings: the start address, placed on the map when saved.
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Start address" });
  await expect(form.getByRole("button", { name: "Save start address" })).toBeEnabled();
  await form.getByLabel("Street address").fill("500 E Ben White Blvd");
  await form.getByLabel("ZIP code").fill("78704");
  await form.getByRole("button", { name: "Save start address" }).click();
  await expect(page.getByText("Start address saved")).toBeVisible();
  await expect(form.getByTestId("route-start-located")).toHaveText(
    "Routes start from 500 E Ben White Blvd, Austin, TX 78704, placed at the centre of its ZIP code (the street itself was not found).",
  );
  await form.getByLabel("ZIP code").fill("7870");
  await form.getByRole("button", { name: "Save start address" }).click();
  await expect(form.getByText("Valid ZIP code is required")).toBeVisible();
  await shoot(page, "settings-start");

  // A crew member of that crew, on a phone.
  const login = { username: `casey_route_${suffix}`, password: "crew-route-pass-1" };
  const passwordHash = await hashPassword(login.password);
  await withE2eDatabase(
    (sql) => sql`insert into staff_users (username, password_hash, full_name, email, role, crew_id)
      values (${login.username}, ${passwordHash}, 'Casey Route', ${`casey.route.${suffix}@example.com`}, 'crew', ${crew.id})`,
  );
  const crewContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await crewContext.newPage();
  const signedIn = await phone.request.post("/api/auth/login", { data: login });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  // Asking for another crew's day still shows their own.
  await phone.goto(`/schedule/route?crew=1&date=${day}`);
  await expect(phone.getByLabel("Crew")).toBeDisabled();
  await expect(phone.getByLabel("Crew")).toHaveValue(String(crew.id));
  await expect(phone.getByTestId("route-stop")).toHaveCount(5);
  await expect(phone.getByRole("link", { name: "Navigate to next stop" })).toBeVisible();
  await expect(phone.getByRole("button", { name: "Optimize" })).toHaveCount(0);
  const other = await phone.request.get(`/api/routes/1/${day}`);
  expect(other.status()).toBe(404);
  await expect(phone.getByTestId("route-map").locator(".route-marker")).toHaveCount(6);
  await phone.screenshot({ path: "screenshots/route-crew-375.png", fullPage: true });
  await crewContext.close();
});

test("the office drags a stop's marker to drop its pin", async ({ page }) => {
  const suffix = (Date.now() % 100000) + 2;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const { crew, names } = await zigzagDay(page.request, suffix);
  await page.goto(`/schedule/route?crew=${crew.id}&date=${day}`);
  await expect(page.getByTestId("route-stop")).toHaveCount(5);
  const marker = page.getByTestId("route-map").locator(".leaflet-marker-draggable").first();
  await expect(marker).toBeVisible();
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText("Pin saved")).toBeVisible();
  const [row] = await withE2eDatabase(
    (sql) => sql<{ source: string; latitude: number }[]>`
      select s.location_source as source, s.latitude from schedules s join customers c on c.id = s.customer_id where c.full_name = ${names[0]!}`,
  );
  expect(row).toMatchObject({ source: "pin" });
  expect(row!.latitude).not.toBe(STOPS[0]!.latitude);
});

test("the office drops a customer's pin on the customer's page", async ({ page }) => {
  const suffix = (Date.now() % 100000) + 3;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const customer = await created<{ id: number }>(
    page.request.post("/api/customers", {
      data: {
        fullName: `Pia Pinned ${suffix}`,
        email: `pia.${suffix}@example.com`,
        address: "9 Elm St",
        city: "Austin",
        state: "TX",
        zipCode: "78745",
      },
    }),
  );
  await page.goto(`/customers/edit/${customer.id}`);
  const card = page.getByRole("region", { name: "Location" });
  // Placed in the background from the ZIP code moments after it was saved.
  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId("customer-location-source")).toContainText("ZIP code centre", { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const marker = card.locator(".leaflet-marker-draggable");
  await expect(marker).toBeVisible();
  await marker.scrollIntoViewIfNeeded();
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 25, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText("The customer is now where you dropped the pin.")).toBeVisible();
  await expect(card.getByTestId("customer-location-source")).toContainText("Pin dropped by staff");
  await shoot(page, "customer-pin");
});

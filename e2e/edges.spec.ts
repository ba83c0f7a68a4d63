import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { addDays, businessInstant, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

/** A port of this journey's own for the integration's receiver (E2E_PORT + 2; notifications takes + 1). */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/edges-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function newCustomer(page: Page, fullName: string) {
  const created = await page.request.post("/api/customers", {
    data: {
      fullName,
      email: `edge.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      phone: "5125550199",
      address: "9 Oak St",
      city: "Austin",
      state: "TX",
      zipCode: "78704",
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; fullName: string };
}

test("a failing webhook delivery stays findable: filtered by status, paged, and on the Background jobs panel", async ({ page }) => {
  test.setTimeout(120_000);
  // The integration refuses the first customer's event and takes every other.
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => response.writeHead(body.includes("Refused Rita") ? 500 : 204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsStaff(page);
    const url = `http://127.0.0.1:${RECEIVER_PORT}/edges-${Date.now()}`;
    const endpoint = await page.request.post("/api/webhooks", {
      data: { url, description: "Busy CRM", events: ["customer.created"], enabled: true },
    });
    expect(endpoint.status()).toBe(201);
    const { id } = (await endpoint.json()) as { id: number };

    await newCustomer(page, "Refused Rita");
    const retrying = async () =>
      (await (await page.request.get(`/api/webhooks/${id}/deliveries?status=retrying`)).json()) as Array<{ id: number; status: string }>;
    await expect.poll(async () => (await retrying()).length, { timeout: 30_000 }).toBe(1);
    // Then a busy minute: eleven more customers, each delivered.
    for (let index = 1; index <= 11; index++) await newCustomer(page, `Busy Customer ${index}`);
    const succeeded = async () =>
      (await (await page.request.get(`/api/webhooks/${id}/deliveries?status=succeeded&limit=100`)).json()) as unknown[];
    await expect.poll(async () => (await succeeded()).length, { timeout: 30_000 }).toBe(11);

    // The API: the newest ten leave the retrying one out; the next page (before the last id) has it.
    const newest = (await (await page.request.get(`/api/webhooks/${id}/deliveries?limit=10`)).json()) as Array<{
      id: number;
      status: string;
    }>;
    expect(newest).toHaveLength(10);
    expect(newest.some((delivery) => delivery.status === "retrying")).toBe(false);
    const older = (await (await page.request.get(`/api/webhooks/${id}/deliveries?limit=10&before=${newest[9]!.id}`)).json()) as Array<{
      status: string;
    }>;
    expect(older.map((delivery) => delivery.status)).toContain("retrying");
    expect((await page.request.get(`/api/webhooks/${id}/deliveries?status=lost`)).status()).toBe(400);

    // Settings: the endpoint's deliveries, filtered to Retrying, then paged.
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Notifications" }).click();
    const item = page.getByRole("list", { name: "Webhook endpoints" }).getByRole("listitem").filter({ hasText: url });
    await item.getByRole("button", { name: "Deliveries" }).click();
    const list = item.getByRole("list", { name: "Recent deliveries" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    await expect(list.getByText("Retrying")).toHaveCount(0);
    await item.getByRole("button", { name: "Older" }).click();
    await expect(list.getByText("Retrying")).toBeVisible();
    await item.getByRole("button", { name: "Newer" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(10);
    await item.getByLabel("Show").selectOption("retrying");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("Retrying")).toBeVisible();
    await expect(list).toContainText("HTTP 500");
    await item.scrollIntoViewIfNeeded();
    await shoot(page, "webhook-deliveries");

    // The Background jobs panel shows it from its first failure, naming the integration.
    const failing = page.getByRole("list", { name: "Failing jobs" });
    const job = failing.getByRole("listitem").filter({ hasText: url });
    await expect(job).toContainText("Webhook delivery");
    await expect(job).toContainText("customer.created");
    await expect(job).toContainText(/Trying again .+ after 1 attempt/);
    await failing.scrollIntoViewIfNeeded();
    await shoot(page, "background-jobs");
    // Leave no endpoint behind: other journeys count the endpoints they see.
    expect((await page.request.delete(`/api/webhooks/${id}`)).status()).toBe(200);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("the List-Unsubscribe address opened in a browser shows the page with the button, and changes nothing until it is pressed", async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, { fullName: "Una Subscribe" });
  const [row] = await withE2eDatabase(
    (sql) => sql<{ unsubscribe_token: string }[]>`select unsubscribe_token from customers where email = ${customer.email}`,
  );
  const oneClick = `/unsubscribe/one-click?token=${row!.unsubscribe_token}`;

  // A GET (a mail program, a scanner, a person) is sent to the page, never a 405.
  const raw = await page.request.get(oneClick, { maxRedirects: 0 });
  expect(raw.status()).toBe(303);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(oneClick);
  await expect(page.getByRole("heading", { name: "Stop visit reminders?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off reminders" })).toBeVisible();
  const reminders = async () =>
    (
      await withE2eDatabase(
        (sql) => sql<{ reminders_enabled: boolean }[]>`select reminders_enabled from customers where email = ${customer.email}`,
      )
    )[0]!.reminders_enabled;
  expect(await reminders()).toBe(true);
  await shoot(page, "unsubscribe-get");

  await page.getByRole("button", { name: "Turn off reminders" }).click();
  await expect(page.getByRole("heading", { name: "Visit reminders are off" })).toBeVisible();
  expect(await reminders()).toBe(false);
});

test("the rain-day preview names a crew that would hold two visits at once, before the move refuses it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  // Far enough ahead that no other journey's visit falls on these days, and on weekdays.
  let rainDay = addDays(businessToday(), 160);
  while ([0, 5, 6].includes(new Date(`${rainDay}T12:00:00Z`).getUTCDay())) rainDay = addDays(rainDay, 1);
  const dryDay = addDays(rainDay, 1);
  const crews = (await (await page.request.get("/api/crews")).json()) as Array<{ id: number; name: string }>;
  const crew = crews[0]!;
  const visit = async (customerId: number, date: string) =>
    page.request.post("/api/schedules", {
      data: {
        customerId,
        crewId: crew.id,
        date: businessInstant(date, "00:00").toISOString(),
        startTime: businessInstant(date, "10:00").toISOString(),
        endTime: businessInstant(date, "11:00").toISOString(),
        status: "confirmed",
      },
    });
  const wet = await newCustomer(page, `Wendy Wet ${Date.now() % 100000}`);
  const dry = await newCustomer(page, `Danny Dry ${Date.now() % 100000}`);
  expect((await visit(wet.id, rainDay)).status()).toBe(201);
  expect((await visit(dry.id, dryDay)).status()).toBe(201);

  await page.goto(`/schedule?date=${rainDay}`);
  await expect(
    page.getByRole("heading", { name: formatBusinessDate(startOfBusinessDay(rainDay), "MMMM d, yyyy"), exact: true }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Rain day" }).click();
  const dialog = page.getByRole("dialog", { name: "Reschedule for weather" });
  await dialog.getByLabel("Move visits to").fill(dryDay);
  const conflicts = dialog.getByRole("alert");
  await expect(conflicts).toContainText(`${wet.fullName} (10:00 AM): ${crew.name} already has a visit at 10:00 AM`);
  await expect(dialog.getByRole("button", { name: /^Move \d+ visits?$/ })).toBeDisabled();
  await shoot(page, "rain-day-crew-clash");
});

test("the schedule form's customer search keeps what was typed before the page's JavaScript ran", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const customer = await newCustomer(page, `Early Typist ${Date.now() % 100000}`);

  // Hold the page's scripts (not its style sheets, which the server's streamed HTML waits for) until
  // the search box has been typed into, as on a slow phone.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**/*.js", async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto("/schedule?new=true", { waitUntil: "commit" });
  const search = page.getByLabel("Search by name, phone, email or address");
  // The form streams in after the page's first bytes; type once it is shown.
  await expect(search).toBeVisible();
  await search.pressSequentially(customer.fullName);
  await expect(search).toHaveValue(customer.fullName);
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeDisabled();
  release();

  // Once live, the box still holds it and the list is narrowed to it.
  await expect(page.getByRole("button", { name: "Schedule Service" })).toBeEnabled();
  await expect(search).toHaveValue(customer.fullName);
  await expect(page.getByLabel("Customer").locator("option", { hasText: customer.fullName })).toHaveCount(1);
  await expect(page.getByLabel("Customer").locator("option")).toHaveCount(2);
  await shoot(page, "customer-search-kept");
});

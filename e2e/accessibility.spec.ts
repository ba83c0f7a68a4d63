import AxeBuilder from "@axe-core/playwright";
import { hash } from "@node-rs/argon2";
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { addDays, businessInstant, businessToday } from "../src/lib/business-time";
import { registerCustomer, STAFF_LOGIN } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";
import { linkIn, receivedEmail } from "./fixtures/mailbox";

// Every page a person reaches, at a desktop and a phone width, through axe-core (Deque's rules
// engine): the WCAG 2.2 AA rules, and the landmark rules that keep one top-level main (a nested
// main hides the page's structure from screen readers' landmark lists). Each page shows real content
// (a visit, a quote, a request, a message), so the rules see what people see.

const WIDTHS = [1280, 375] as const;
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const LANDMARK_RULES = [
  "landmark-main-is-top-level",
  "landmark-no-duplicate-main",
  "landmark-banner-is-top-level",
  "landmark-contentinfo-is-top-level",
  "landmark-complementary-is-top-level",
  "landmark-no-duplicate-banner",
  "landmark-no-duplicate-contentinfo",
];
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
const PHOTO = readFileSync("e2e/fixtures/lawn-photo.jpg").toString("base64");
const today = businessToday();
// Far enough ahead that no other journey books this day.
const bookingDay = addDays(today, 47);
const dateIn = (days: number) => addDays(today, days);

/** One page to audit: where it is, and what shows once its content has loaded. */
interface Audit {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
  /** Clicks that reach this state of the page after it loads (a tab, a view). */
  then?: (page: Page) => Promise<void>;
}

/** The violations on the page as it is now, one readable line each (empty when none). */
async function violationsOn(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(LANDMARK_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}

/** Audits each page at both widths and fails once with every violation found, by page and width. */
async function auditAll(page: Page, audits: Audit[]) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const audit of audits) {
      await page.goto(audit.path);
      await audit.then?.(page);
      await expect(audit.ready(page).first(), `${audit.name} at ${width} px`).toBeVisible();
      found.push(...(await violationsOn(page, `${audit.name} at ${width} px`)));
    }
  }
  expect(found, `axe violations:\n${found.join("\n")}`).toEqual([]);
}

const h1 = (name?: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, ...(name ? { name } : {}) });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value);
/** The route's map has loaded (after the list) and placed the stops. */
const mapDrawn = (page: Page) => page.getByTestId("route-map").locator(".leaflet-marker-icon");

async function ok<T>(response: Promise<import("@playwright/test").APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** What the pages show: a crew and its member, a portal customer with visits, a payment, a quote, a request, an inquiry, a message. */
interface Seed {
  suffix: string;
  crew: { id: number; name: string };
  crewLogin: { username: string; password: string };
  customer: { id: number; email: string; password: string; fullName: string };
  planId: number;
  paymentId: number;
  quoteId: number;
  quotePath: string;
  invitationPath: string;
  requestEmail: string;
}

let seed: Seed;
let staff: APIRequestContext;

async function seedPages(browser: Browser): Promise<Seed> {
  const suffix = Date.now().toString(36);
  const { request } = await browser.newContext();
  staff = request;
  await ok(staff.post("/api/auth/login", { data: STAFF_LOGIN }));
  const crew = await ok<{ id: number; name: string }>(staff.post("/api/crews", { data: { name: `Audit crew ${suffix}` } }));
  const username = `audit_${suffix}`;
  const crewLogin = { username, password: "mowing-day-1" };
  const passwordHash = await hash(crewLogin.password, ARGON2_OPTIONS);
  await withE2eDatabase(
    (sql) => sql`insert into staff_users (username, password_hash, full_name, email, role, crew_id)
      values (${username}, ${passwordHash}, 'Avery Audit', ${`${username}@example.com`}, 'crew', ${crew.id})`,
  );

  // A portal customer with a confirmed email, signed in on their own context.
  const customerContext = await browser.newContext();
  const registered = await registerCustomer(customerContext.request, { fullName: "Alex Audit" });
  const customerId = await withE2eDatabase(async (sql) => {
    await sql`update customers set is_verified = true where email = ${registered.email}`;
    const [row] = await sql<{ id: number }[]>`select id from customers where email = ${registered.email}`;
    return row!.id;
  });
  await ok(customerContext.request.post("/api/customer/messages", { data: { content: "Could the crew close the side gate, please?" } }));
  await customerContext.close();

  // Today's day for the crew, pinned on the map, and one visit later on for the portal's list.
  const [service] = await ok<Array<{ id: number }>>(staff.get("/api/services"));
  let planId = 0;
  for (const [index, time] of ["09:00", "11:00"].entries()) {
    const start = businessInstant(today, time);
    const plan = await ok<{ id: number }>(
      staff.post("/api/schedules", {
        data: {
          customerId,
          serviceId: service!.id,
          crewId: crew.id,
          date: start.toISOString(),
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
          status: "confirmed",
          notes: "Gate code 1234",
        },
      }),
    );
    await ok(staff.put(`/api/schedules/${plan.id}/location`, { data: { latitude: 30.27 + index * 0.05, longitude: -97.74 } }));
    planId = plan.id;
  }
  const later = businessInstant(dateIn(9), "10:00");
  await ok(
    staff.post("/api/schedules", {
      data: {
        customerId,
        serviceId: service!.id,
        crewId: crew.id,
        date: later.toISOString(),
        startTime: later.toISOString(),
        endTime: new Date(later.getTime() + 60 * 60_000).toISOString(),
        status: "confirmed",
      },
    }),
  );

  const payment = await ok<{ id: number }>(staff.post("/api/payments/offline", { data: { customerId, amount: 6_500, method: "cash" } }));

  // A sent quote, whose emailed link is the customer's quote page.
  const quote = await ok<{ id: number }>(
    staff.post("/api/quotes", {
      data: {
        customerId,
        items: [
          { description: "St. Augustine sod, installed (pallet)", quantity: 2, unitPrice: 45_000 },
          { description: "Starter fertilizer", quantity: 1, unitPrice: 4_000, optional: true },
        ],
        expiresOn: dateIn(14),
        plan: { kind: "one_time", firstDate: dateIn(10), startTime: "10:00", durationMinutes: 120 },
        deposit: { kind: "percent", value: 25 },
      },
    }),
  );
  await ok(staff.post(`/api/quotes/${quote.id}/send`));
  const quotePath = linkIn(await receivedEmail(registered.email, /^Your quote/), /https?:\/\/\S+\/q\/[a-z2-7]+/);

  // What reaches Messages: a request for a quote with a photo, and a website inquiry.
  const visitor = await browser.newContext();
  const requestEmail = `morgan.${suffix}@example.com`;
  await ok(
    visitor.request.post("/api/quote-requests", {
      data: {
        name: "Morgan Ellery",
        email: requestEmail,
        address: "4512 Avenue F",
        zipCode: "78751",
        description: "New St. Augustine sod for the backyard, about 1,200 sq ft.",
        preferredTime: "Weekday mornings",
        photos: [{ contentType: "image/jpeg", dataBase64: PHOTO }],
      },
    }),
  );
  await ok(
    visitor.request.post("/api/contact", {
      data: { name: "Jo Park", email: `jo.${suffix}@example.com`, message: "Do you trim crape myrtles in winter?" },
    }),
  );
  await visitor.close();

  const invitationEmail = `new.office.${suffix}@example.com`;
  await ok(staff.post("/api/staff/invitations", { data: { email: invitationEmail, role: "office" } }));
  const invitationPath = linkIn(
    await receivedEmail(invitationEmail, /staff-invitation\?token=/),
    /https?:\/\/\S+\/staff-invitation\?token=[A-Za-z0-9_-]+/,
  );

  return {
    suffix,
    crew,
    crewLogin,
    customer: { id: customerId, email: registered.email, password: registered.password, fullName: registered.fullName },
    planId,
    paymentId: payment.id,
    quoteId: quote.id,
    quotePath,
    invitationPath,
    requestEmail,
  };
}

test.describe("accessibility of every page (axe-core, WCAG 2.2 AA), at 1280 and 375 px", () => {
  test.describe.configure({ timeout: 360_000 });

  test.beforeAll(async ({ browser }) => {
    seed = await seedPages(browser);
  });

  test.afterAll(async ({ playwright }) => {
    // The journeys after this one count on the seeded crews alone (two crews fill a slot). The
    // runner has closed the seeding browser context by now, so the office signs in afresh.
    if (!seed) return;
    const office = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await ok(office.post("/api/auth/login", { data: STAFF_LOGIN }));
    const removed = await office.delete(`/api/crews/${seed.crew.id}`);
    expect(removed.ok(), await removed.text()).toBe(true);
    await office.dispose();
  });

  test("the public site", async ({ page }) => {
    await auditAll(page, [
      { name: "home", path: "/", ready: h1() },
      { name: "services", path: "/services", ready: h1() },
      { name: "about", path: "/about", ready: h1() },
      { name: "blog", path: "/blog", ready: h1() },
      { name: "careers", path: "/careers", ready: h1() },
      { name: "contact", path: "/contact", ready: h1() },
      { name: "faq", path: "/faq", ready: h1() },
      { name: "privacy", path: "/privacy", ready: h1() },
      { name: "terms", path: "/terms", ready: h1() },
      { name: "quote request form", path: "/quote", ready: h1() },
      { name: "unsubscribe", path: "/unsubscribe", ready: h1() },
      { name: "404", path: "/no-such-lawn", ready: h1() },
      { name: "payment return", path: "/payments/success", ready: h1() },
    ]);
  });

  test("the sign-in, sign-up and invitation pages", async ({ page }) => {
    await auditAll(page, [
      { name: "customer sign-in", path: "/customer/login", ready: h1() },
      { name: "customer registration", path: "/customer/register", ready: h1() },
      { name: "password reset", path: "/customer/reset-password", ready: h1() },
      { name: "staff sign-in", path: "/login", ready: h1() },
      { name: "staff invitation", path: seed.invitationPath, ready: (page) => page.getByRole("button") },
    ]);
  });

  test("the API reference", async ({ page }) => {
    // Every operation of the API on one long page: the rules take a while over it.
    test.setTimeout(600_000);
    await auditAll(page, [{ name: "API reference", path: "/api/docs", ready: h1() }]);
  });

  test("the booking wizard, step by step", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const found: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const step = async (name: string) => found.push(...(await violationsOn(page, `booking ${name} at ${width} px`)));
      await page.goto("/book");
      await expect(page.getByRole("navigation", { name: "Booking progress" })).toBeVisible();
      await step("service");
      await page.getByRole("radio", { name: /Basic Lawn Mowing/ }).check();
      await page.getByRole("button", { name: "Continue to Location" }).click();
      await page.getByLabel("Street address").fill("1100 Congress Ave");
      await page.getByLabel("City").fill("Austin");
      await page.getByLabel("ZIP code").fill("78701");
      await expect(page.getByText("Great! We service your area.")).toBeVisible();
      await step("location");
      await page.getByRole("button", { name: "Continue to Schedule" }).click();
      await page.getByLabel("Date").fill(addDays(bookingDay, width === 375 ? 1 : 0));
      await expect(page.getByRole("radio").first()).toBeVisible();
      await step("schedule");
      await page.getByRole("radio").first().check();
      await page.getByRole("button", { name: "Continue to Contact" }).click();
      await page.getByLabel("Full name").fill("Jordan Rivera");
      await page.getByLabel("Email").fill(`jordan.audit.${width}.${seed.suffix}@example.com`);
      await page.getByLabel("Phone").fill("5125550123");
      await step("contact");
      await page.getByRole("button", { name: "Continue to Review" }).click();
      await expect(page.getByRole("button", { name: "Complete Booking" })).toBeVisible();
      await step("review");
      await page.getByRole("button", { name: "Complete Booking" }).click();
      await expect(page.getByRole("heading", { name: "Thank you! Your booking is received." })).toBeVisible();
      await step("confirmation");
    }
    expect(found, `axe violations:\n${found.join("\n")}`).toEqual([]);
  });

  test("the customer's portal and quote page", async ({ page }) => {
    await ok(page.request.post("/api/customer/login", { data: { email: seed.customer.email, password: seed.customer.password } }));
    await auditAll(page, [
      ...["profile", "appointments", "messages", "payments", "quotes"].map((tab) => ({
        name: `My Account ${tab}`,
        path: `/customer/account?tab=${tab}`,
        ready: h1(),
      })),
      { name: "a quote in My Account", path: `/customer/account/quotes/${seed.quoteId}`, ready: h1(/Your quote/) },
      { name: "a receipt", path: `/customer/account/receipts/${seed.paymentId}`, ready: text(`#${seed.paymentId}`) },
      { name: "the quote page by its link", path: seed.quotePath, ready: h1(/Your quote/) },
    ]);
  });

  test("the staff pages", async ({ page }) => {
    await ok(page.request.post("/api/auth/login", { data: STAFF_LOGIN }));
    const customerName = seed.customer.fullName;
    await auditAll(page, [
      { name: "dashboard", path: "/dashboard", ready: h1() },
      { name: "schedule day", path: `/schedule?date=${today}`, ready: text(customerName) },
      {
        name: "schedule month",
        path: `/schedule?date=${today}`,
        ready: (page) => page.getByRole("heading", { level: 2 }),
        then: (page) => page.getByRole("button", { name: "Show the whole month" }).click(),
      },
      {
        name: "schedule by crew",
        path: `/schedule?date=${today}`,
        ready: text(seed.crew.name),
        then: (page) => page.getByRole("button", { name: "By crew" }).click(),
      },
      { name: "new visit form", path: "/schedule?new=true", ready: h1("Schedule New Service") },
      { name: "edit visit form", path: `/schedule?edit=${seed.planId}`, ready: h1("Edit Service") },
      { name: "visits needing a time", path: "/schedule?needsTime=true", ready: h1() },
      { name: "route", path: `/schedule/route?crew=${seed.crew.id}&date=${today}`, ready: mapDrawn },
      { name: "customers", path: "/customers", ready: text(customerName) },
      { name: "one customer", path: `/customers/edit/${seed.customer.id}`, ready: h1() },
      { name: "messages", path: "/messages", ready: text(seed.requestEmail) },
      {
        name: "a conversation",
        path: `/messages?customerId=${seed.customer.id}`,
        ready: (page) => page.getByRole("region", { name: `Conversation with ${customerName}` }),
      },
      { name: "payments", path: "/payments", ready: h1() },
      { name: "quotes", path: "/quotes", ready: text(`Q-${seed.quoteId}`) },
      { name: "new quote", path: "/quotes/new", ready: h1("New quote") },
      { name: "a quote", path: `/quotes/${seed.quoteId}`, ready: h1(/Quote Q-\d+/) },
      { name: "revise a quote", path: `/quotes/${seed.quoteId}/edit`, ready: h1(/Revise quote/) },
      {
        name: "reports, revenue with its chart",
        path: "/reports",
        ready: (page) => page.getByRole("img", { name: /Chart: Net revenue/ }).locator("canvas"),
      },
      ...["owed", "work", "plans", "quotes"].map((report) => ({
        name: `reports, ${report}`,
        path: `/reports?report=${report}`,
        ready: (page: Page) => page.getByRole("link", { name: /Download CSV/ }).first(),
      })),
      ...["General", "Products", "Notifications", "Billing", "Advanced"].map((tab) => ({
        name: `settings ${tab}`,
        path: "/settings",
        ready: (page: Page) => page.getByRole("tab", { name: tab, selected: true }),
        then: (page: Page) => page.getByRole("tab", { name: tab }).click(),
      })),
      { name: "staff", path: "/settings/staff", ready: (page) => page.getByRole("list", { name: "Pending invitations" }) },
    ]);
  });

  test("the crew's phone", async ({ page }) => {
    await ok(page.request.post("/api/auth/login", { data: seed.crewLogin }));
    await auditAll(page, [
      { name: "crew day", path: "/crew", ready: (page) => page.getByTestId("crew-stop") },
      { name: "crew's route", path: "/schedule/route", ready: mapDrawn },
      { name: "crew's schedule", path: `/schedule?date=${today}`, ready: text(seed.customer.fullName) },
    ]);
  });
});

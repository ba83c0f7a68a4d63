import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { STAFF_LOGIN } from "./fixtures/accounts";
import { createCustomerInDatabase } from "./fixtures/customers";

// People press Enter before a slow page's JavaScript has loaded, or browse without it. Every form
// then still posts (nothing typed lands in a URL), and the entry forms work.

const RUN = Date.now().toString(36);
let marks = 0;
/** A value nobody else would type, to look for in every URL the browser visits. */
const mark = () => `mk${RUN}x${(marks += 1)}`;

/** Every URL the page asks for: navigations, redirects, scripts, API calls. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

function expectNoMarkIn(urls: string[]) {
  expect(urls.filter((url) => url.includes(`mk${RUN}`))).toEqual([]);
}

async function customerStatus(page: Page) {
  return (await (await page.request.get("/api/customer/status")).json()) as { authenticated: boolean; customer: { email: string } | null };
}

async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const signedIn = await api.post("/api/auth/login", { data: STAFF_LOGIN });
  expect(signedIn.ok()).toBe(true);
  return api;
}

async function fillRegistration(page: Page, values: { fullName: string; email: string; password: string }) {
  await page.getByLabel("Full name").fill(values.fullName);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Phone").fill("5125550142");
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm password").fill(values.password);
  await page.getByLabel("Address").fill("700 Lavaca St");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("ZIP code").fill("78701");
}

/** The entry forms' journeys, run once with JavaScript off and once with it held back. */
function entryJourneys(open: (page: Page, path: string) => Promise<unknown>) {
  test("customer sign-in: a wrong password shows the message and keeps the email; the right one lands in My Account", async ({ page }) => {
    const urls = recordUrls(page);
    const customer = await createCustomerInDatabase();
    await open(page, "/customer/login");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(`wrong-${mark()}`);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(customer.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    expect((await customerStatus(page)).authenticated).toBe(false);

    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/customer\/account$/);
    const status = await customerStatus(page);
    expect(status.authenticated).toBe(true);
    expect(status.customer?.email).toBe(customer.email);
    expectNoMarkIn(urls);
  });

  test("registration: the rules' messages come back with the typed values, then the account opens", async ({ page }) => {
    const urls = recordUrls(page);
    const fullName = `Reg ${mark()}`;
    const email = `${mark()}@example.com`;
    const password = `pw-${mark()}`;
    await open(page, "/customer/register");
    await fillRegistration(page, { fullName, email, password });
    await page.getByLabel("Confirm password").fill(`${password}-typo`);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue(fullName);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await fillRegistration(page, { fullName, email, password });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/customer\/account$/);
    const status = await customerStatus(page);
    expect(status.customer?.email).toBe(email);
    expectNoMarkIn(urls);
  });

  test("staff sign-in: a wrong password shows the message; the right one lands on the dashboard", async ({ page }) => {
    const urls = recordUrls(page);
    await open(page, "/login");
    await page.getByLabel("Username").fill(STAFF_LOGIN.username);
    await page.getByLabel("Password").fill(`wrong-${mark()}`);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(STAFF_LOGIN.username);

    await page.getByLabel("Password").fill(STAFF_LOGIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const status = (await (await page.request.get("/api/auth/status")).json()) as { authenticated: boolean; user: { username: string } };
    expect(status.authenticated).toBe(true);
    expect(status.user.username).toBe(STAFF_LOGIN.username);
    expectNoMarkIn(urls);
  });

  test("contact: the message is stored and thanked for", async ({ page, baseURL }) => {
    const urls = recordUrls(page);
    const name = `Pat ${mark()}`;
    const message = `Please quote a spring cleanup ${mark()}`;
    await open(page, "/contact");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill(`${mark()}@example.com`);
    await page.getByRole("textbox", { name: "Message" }).fill(message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thanks for reaching out" })).toBeVisible();
    const staff = await staffApi(baseURL!);
    const inquiries = await (await staff.get("/api/inquiries")).text();
    expect(inquiries).toContain(name);
    expect(inquiries).toContain(message);
    await staff.dispose();
    expectNoMarkIn(urls);
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  entryJourneys((page, path) => page.goto(path));

  test("the sign-in error, at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/customer/login");
    await page.getByLabel("Email").fill("nobody.here@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await page.screenshot({ path: "screenshots/forms-no-js-login-error-375.png", fullPage: true });
    await page.goto("/login");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid username or password");
    await page.screenshot({ path: "screenshots/forms-no-js-staff-login-error-375.png", fullPage: true });
  });

  test("every form on every public, portal and staff page, filled and sent, puts nothing typed in a URL", async ({ page }) => {
    test.setTimeout(240_000);
    const urls = recordUrls(page);
    const publicPages = ["/", "/book", "/contact", "/customer/login", "/customer/register", "/customer/reset-password", "/login"];
    const portalPages = ["/customer/account"];
    const staffPages = ["/dashboard", "/customers", "/schedule", "/messages", "/payments", "/settings"];
    let sent = 0;

    const sendEveryForm = async (path: string) => {
      await page.goto(path);
      const count = await page.locator("form").count();
      for (let index = 0; index < count; index += 1) {
        await page.goto(path);
        const form = page.locator("form").nth(index);
        const inputs = form.locator("input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit])");
        let first = null;
        for (let field = 0; field < (await inputs.count()); field += 1) {
          const control = inputs.nth(field);
          if (!(await control.isVisible()) || !(await control.isEditable())) continue;
          await control.fill((await control.getAttribute("type")) === "email" ? `${mark()}@example.com` : mark());
          first ??= control;
        }
        const areas = form.locator("textarea");
        for (let field = 0; field < (await areas.count()); field += 1) {
          if ((await areas.nth(field).isVisible()) && (await areas.nth(field).isEditable())) await areas.nth(field).fill(mark());
        }
        if (first) await first.press("Enter");
        await page.waitForLoadState();
        // A form that needs the page's JavaScript keeps its submit button disabled: nothing is sent.
        const submit = page.locator("form").nth(index).locator("button[type=submit]:enabled").first();
        if (page.url().endsWith(path) && (await submit.isVisible())) {
          await submit.click({ timeout: 5000 });
          await page.waitForLoadState();
        }
        sent += 1;
      }
    };

    for (const path of publicPages) await sendEveryForm(path);
    const customer = await createCustomerInDatabase();
    expect((await page.request.post("/api/customer/login", { data: { email: customer.email, password: customer.password } })).ok()).toBe(
      true,
    );
    for (const path of portalPages) await sendEveryForm(path);
    expect((await page.request.post("/api/auth/login", { data: STAFF_LOGIN })).ok()).toBe(true);
    for (const path of staffPages) await sendEveryForm(path);

    expect(sent).toBeGreaterThanOrEqual(publicPages.length);
    expectNoMarkIn(urls);
  });
});

test("a login form posted from another site signs nobody in (the server action checks the origin)", async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await createCustomerInDatabase();
  await page.goto("/customer/login");
  // The form as the server sent it: the action's hidden fields, then the right credentials.
  const html = await page.content();
  const fields: Record<string, string> = { email: customer.email, password: customer.password };
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)) {
    fields[name!.replaceAll("&quot;", '"')] = (value ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  }
  expect(Object.keys(fields).some((name) => name.startsWith("$ACTION"))).toBe(true);

  const attacker = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: "https://evil.example" } });
  const forged = await attacker.post("/customer/login", { multipart: fields, maxRedirects: 0 });
  expect(
    forged.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie" && header.value.includes("customer_session=")),
  ).toEqual([]);
  const status = (await (await attacker.get("/api/customer/status")).json()) as { authenticated: boolean };
  expect(status.authenticated).toBe(false);

  // The same post from our own origin does sign in, so the refusal above is the origin check.
  const own = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await own.post("/customer/login", { multipart: fields, maxRedirects: 0 });
  expect(((await (await own.get("/api/customer/status")).json()) as { authenticated: boolean }).authenticated).toBe(true);
  await Promise.all([attacker.dispose(), own.dispose()]);
});

test.describe("with the page's JavaScript held back", () => {
  // The page's scripts arrive seconds late, as on a slow phone: the form is sent before hydration.
  test.beforeEach(async ({ page }) => {
    await page.route("**/_next/static/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => {});
    });
  });

  entryJourneys((page, path) => page.goto(path, { waitUntil: "domcontentloaded" }));
});

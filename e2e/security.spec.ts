import { hash } from "@node-rs/argon2";
import { expect, test, type Page } from "@playwright/test";
import { withE2eDatabase } from "./fixtures/database";

// The production server's own answers to an attacker's moves: the security headers on every page
// (with every page still working under them), forged client addresses, and a first start's
// generated password that opens nothing but its own replacement.

const PAGES = [
  "/",
  "/services",
  "/book",
  "/contact",
  "/about",
  "/faq",
  "/customer/login",
  "/customer/register",
  "/customer/reset-password",
  "/login",
  "/dashboard",
  "/no-such-page",
];

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/security-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("every page carries a Content-Security-Policy that forbids framing and plugins, and runs under it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of PAGES) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    const policy = response!.headers()["content-security-policy"] ?? "";
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).toMatch(/script-src 'self' ('nonce-[^']+'|'sha256-[^']+')/);
    expect(policy, path).toContain("https://js.stripe.com");
    expect(policy, path).not.toContain("'unsafe-inline' https://js.stripe.com");
    // Served over plain http here: no HSTS, which would lock a browser out of a plain-http server.
    expect(response!.headers()["strict-transport-security"], path).toBeUndefined();
  }
  // The pages were hydrated and interactive under the policy: the booking wizard answers a choice.
  await page.goto("/book");
  await expect(page.getByRole("button", { name: /Continue to Location/ })).toBeDisabled();
  await page.getByRole("radio", { name: /Basic Lawn Mowing/ }).check();
  await expect(page.getByRole("button", { name: /Continue to Location/ })).toBeEnabled();
  expect(violations).toEqual([]);
});

test("a forged X-Forwarded-For does not give a guesser a fresh address", async ({ request, playwright, baseURL }) => {
  const email = `forged.${Date.now()}@example.com`;
  const registered = await request.post("/api/customer/register", {
    data: {
      fullName: "Fay Forged",
      email,
      phone: "5125550100",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      password: "right-pass",
      confirmPassword: "right-pass",
    },
  });
  expect(registered.status()).toBe(201);
  // A guesser with no cookies at all, claiming a new address on every try.
  const guesser = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  for (let guess = 0; guess < 6; guess++) {
    const forged = `198.18.${guess}.${guess + 1}`;
    const answer = await guesser.post("/api/customer/login", {
      data: { email, password: `wrong-${guess}` },
      headers: { "x-forwarded-for": forged, "x-real-ip": forged, "x-greenscape-client-address": forged },
    });
    statuses.push(answer.status());
  }
  await guesser.dispose();
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});

test("a generated first password opens only the screen that replaces it", async ({ page }) => {
  const username = `firststart${Date.now() % 100000}`;
  const generated = "abcd-efgh-ijkm-nopq";
  await withE2eDatabase(async (sql) => {
    const passwordHash = await hash(generated, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await sql`insert into staff_users (username, password_hash, must_change_password, full_name, role) values (${username}, ${passwordHash}, true, 'Fran First', 'owner')`;
  });

  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(generated);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  // The server refuses the staff area's data meanwhile, whatever the browser asks.
  const refused = await page.request.get("/api/customers");
  expect(refused.status()).toBe(403);
  await page.goto("/customers");
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await shoot(page, "first-password");

  await page.getByLabel("Current password").fill(generated);
  await page.getByLabel("New password", { exact: true }).fill(generated);
  await page.getByLabel("Confirm new password").fill(generated);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Choose a password of your own, different from the one you were given").first()).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("fran-chose-this-one");
  await page.getByLabel("Confirm new password").fill("fran-chose-this-one");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Staff", exact: true })).toBeVisible();
  expect((await page.request.get("/api/customers")).status()).toBe(200);
});

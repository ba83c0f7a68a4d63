import { expect, test } from "@playwright/test";
import { STAFF_LOGIN } from "./fixtures/accounts";

test("the app opens in Chromium", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Book Now" }).first()).toBeVisible();
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("API");
  await expect(page.getByText("/api/auth/login")).toBeVisible();
  await expect(page.getByText("/api/services")).toBeVisible();
  const document = await (await page.request.get("/api/openapi.json")).json();
  expect(document.openapi).toBe("3.1.0");
});

test("staff sign-in sets a hardened session cookie in the browser", async ({ page, context }) => {
  await page.goto("/");
  const login = await page.request.post("/api/auth/login", { data: STAFF_LOGIN });
  expect(login.status()).toBe(200);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name.endsWith("staff_session"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  const status = await (await page.request.get("/api/auth/status")).json();
  expect(status).toMatchObject({ authenticated: true, user: { username: STAFF_LOGIN.username } });
});

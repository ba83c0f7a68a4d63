import { expect, test, type Page } from "@playwright/test";
import { signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

// A business several years in: 2,000 customers, among them one the office needs from a phone.
const TARGET = { fullName: "Quentin Marlowe-Ybarra", phone: "(512) 867-5309", email: `quentin.${Date.now()}@example.com` };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/e2e-phone-${name}.png`, fullPage: true });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  await withE2eDatabase(async (sql) => {
    await sql`insert into customers (full_name, email, phone, address, city, state, zip_code)
      select 'Crowd Customer ' || g, 'crowd' || g || '.' || ${Date.now()} || '@example.com', '(512) 555-' || lpad(g::text, 4, '0'),
        g || ' Lamar Blvd', 'Austin', 'TX', '78704'
      from generate_series(1, 2000) g`;
    await sql`insert into customers (full_name, email, phone, address, city, state, zip_code)
      values (${TARGET.fullName}, ${TARGET.email}, ${TARGET.phone}, '77 Sunshine Dr', 'Austin', 'TX', '78745')`;
  });
});

test("on a phone, the customer search finds one customer among 2,000 by part of a name and part of a phone number", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsStaff(page);
  await page.goto("/customers");
  await expect(page.getByText(/^1–12 of 2,\d{3} customers$/)).toBeVisible();
  await expect(page.getByTestId("customer-card")).toHaveCount(12);

  const search = page.getByLabel("Search customers");
  await search.fill("marlowe");
  const card = page.getByTestId("customer-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(TARGET.fullName);
  await expect(card.locator("mark")).toHaveText(["Marlowe"]);
  await expect(page.getByText("1–1 of 1 customer matching “marlowe”")).toBeVisible();
  await shoot(page, "customers-search-name-375");

  await search.fill("867-53");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(TARGET.fullName);
  await expect(card.locator("mark")).toHaveText(["867-53"]);
  await shoot(page, "customers-search-phone-375");

  await search.fill("no such customer anywhere");
  await expect(page.getByText("No customers match “no such customer anywhere”.")).toBeVisible();

  // Paging and sorting on the whole list.
  await search.fill("");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/^13–24 of 2,\d{3} customers$/)).toBeVisible();
  await page.getByLabel("Sort by").selectOption("newest");
  await expect(page.getByTestId("customer-card").first()).toContainText(TARGET.fullName);
});

test("the payments picker and the messages list find the same customer by search", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsStaff(page);

  await page.goto("/payments");
  await page.getByLabel("Search by name, phone, email or address").fill("8675309");
  const picker = page.getByLabel("Customer", { exact: true });
  await expect(picker.locator("option")).toHaveText(["Choose a customer…", TARGET.fullName]);
  await picker.selectOption({ label: TARGET.fullName });
  await expect(page.getByRole("heading", { name: `Payment history: ${TARGET.fullName}` })).toBeVisible();
  await expect(page).toHaveURL(/customerId=\d+/);
  await shoot(page, "payments-picker-375");

  await page.goto("/messages");
  await page.getByLabel("Find a customer").fill("Ybarra");
  const conversation = page.getByLabel("Conversation", { exact: true });
  await expect(conversation.locator("option")).toHaveText(["Choose a customer…", TARGET.fullName]);
  await conversation.selectOption({ label: TARGET.fullName });
  await expect(page.getByRole("region", { name: `Conversation with ${TARGET.fullName}` })).toBeVisible();
});

test("staff pages come with their first data from the server, screenshots at 1280 and 375 px", async ({ page }) => {
  await signInAsStaff(page);
  // The page's own HTML holds the first screen: no client round trip is needed to show it.
  const html = await (await page.request.get("/customers")).text();
  expect(html).toMatch(/of 2,\d{3} customers/);
  const dashboard = await (await page.request.get("/dashboard")).text();
  expect(dashboard).toContain("Upcoming Services");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const path of ["/customers", "/messages", "/payments", "/dashboard"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shoot(page, `${path.slice(1)}-${width}`);
    }
  }
});

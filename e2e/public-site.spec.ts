import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { registerCustomer } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

const PHONE = { width: 375, height: 812 };
const FOOTER_PAGES = [
  ["/about", "About Us"],
  ["/careers", "Careers"],
  ["/blog", "Lawn Care Blog"],
  ["/faq", "Frequently Asked Questions"],
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
] as const;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Quick links" });
const toastWith = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("desktop", () => {
  test("the header and footer lead to every public page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("GreenScape Austin | Lawn Mowing & Yard Care in Austin, TX");
    await expect(mainNav(page)).toBeVisible();
    await expect(bottomBar(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).getByRole("link", { name: "Book" })).toHaveAttribute("href", "/book");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/customer/login");
    await expect(page.getByRole("banner").getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/book");

    await mainNav(page).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1, name: "Our Lawn Care Services" })).toBeVisible();
    await expect(page.getByText("Proudly serving Austin", { exact: false }).first()).toBeVisible();

    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Proudly serving Austin, Texas.");
    for (const [path, heading] of FOOTER_PAGES) {
      await footer.locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });

  test("the home page has every block and its teaser opens the booking with service and ZIP", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "View Services" })).toHaveAttribute("href", "/services");
    for (const heading of ["Why choose GreenScape Austin", "Popular services", "How it works", "What our customers say"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator("figure blockquote")).toHaveCount(3);
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    const bookLinks = page.getByRole("link", { name: /^Book Now: / });
    await expect(bookLinks).toHaveCount(3);
    await expect(bookLinks.first()).toHaveAttribute("href", /^\/book\?service=\d+$/);

    const zip = page.getByLabel("ZIP code");
    await zip.fill("90210");
    await expect(page.getByText("We're sorry, but we don't currently service your area.", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Check & Book" }).click();
    await expect(page).toHaveURL("/");

    const service = page.getByLabel("Service", { exact: true });
    await service.selectOption({ label: "Leaf Removal" });
    const serviceId = await service.inputValue();
    await zip.fill("78704");
    await expect(page.getByText("Great! We service your area.")).toBeVisible();
    await page.getByRole("button", { name: "Check & Book" }).click();
    // The typed ZIP travels in a cookie, never in the URL.
    await expect(page).toHaveURL(`/book?service=${serviceId}`);
  });

  test("a signed-in customer sees My Account and Logout, and logging out returns home", async ({ page }) => {
    await registerCustomer(page.request);
    await page.goto("/contact");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/customer/account");
    await expect(banner.getByRole("link", { name: "Login" })).toHaveCount(0);
    await banner.getByRole("button", { name: "Logout" }).click();
    await expect(toastWith(page, "Logout successful")).toContainText("You have been logged out");
    await expect(page).toHaveURL("/");
    await expect(banner.getByRole("link", { name: "Login" })).toBeVisible();
    expect((await (await page.request.get("/api/customer/status")).json()).authenticated).toBe(false);
  });
});

test.describe("phone", () => {
  test.use({ viewport: PHONE });

  test("the side drawer and the bottom bar navigate", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page)).toBeHidden();
    await expect(bottomBar(page)).toBeVisible();
    await expect(bottomBar(page).getByRole("link")).toHaveText(["Home", "Book", "Services", "Contact"]);

    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/customer/login");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Our Lawn Care Services" })).toBeVisible();

    await bottomBar(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(bottomBar(page).getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
  });

  test("a signed-in customer gets no bottom bar and logs out from the drawer", async ({ page }) => {
    await registerCustomer(page.request);
    await page.goto("/services");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByRole("link", { name: "My Account" })).toBeVisible();
    await expect(bottomBar(page)).toHaveCount(0);
    await drawer.getByRole("button", { name: "Logout" }).click();
    await expect(toastWith(page, "Logout successful")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(bottomBar(page)).toBeVisible();
  });
});

test("the category tabs filter the services", async ({ page }) => {
  await page.goto("/services");
  const cards = page.locator("article:visible");
  // The catalogue may still be a skeleton right after navigation: wait for its first card before counting.
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(10);
  await expect(cards.first()).toContainText("Est. ");
  await expect(cards.first()).toContainText("Satisfaction guaranteed");
  await expect(page.getByText("Price based on lawn size").first()).toBeVisible();

  for (const [tab, category] of [
    ["Trimming", "trimming"],
    ["Cleanup", "cleanup"],
    ["Fertilization", "fertilization"],
    ["Mowing", "mowing"],
  ] as const) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    const shown = page.locator("li[data-category]:visible");
    expect(await shown.count()).toBeGreaterThan(0);
    expect(await shown.count()).toBeLessThan(total);
    for (const value of await shown.evaluateAll((items) => items.map((item) => item.getAttribute("data-category")))) {
      expect(value).toBe(category);
    }
  }
  await page.getByRole("tab", { name: "Mowing" }).focus();
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "All Services" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cards).toHaveCount(total);
  await expect(page.getByRole("link", { name: "Book Service: Leaf Removal" })).toHaveAttribute("href", /^\/book\?service=\d+$/);
  await page.getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL("/contact");
});

test("an empty catalogue shows the built-in fallback services", async ({ page }) => {
  // The grid is rendered on the server, so the catalogue itself is emptied for this check.
  const hidden = await withE2eDatabase((sql) => sql<{ id: number }[]>`update services set is_active = false where is_active returning id`);
  try {
    await page.goto("/services");
    await expect(page.getByRole("tablist")).toHaveCount(0);
    await expect(page.locator("article h3")).toHaveText([
      "Lawn Mowing",
      "Edging & Trimming",
      "Full Service Package",
      "Leaf Removal",
      "Lawn Fertilization",
    ]);
    await expect(page.locator("article").first()).toContainText("$35.00");
    await page.goto("/");
    await expect(page.getByRole("link", { name: /^Book Now: / })).toHaveCount(3);
    for (const price of ["$35.00", "$25.00", "$55.00"]) await expect(page.getByText(price, { exact: true })).toBeVisible();
  } finally {
    await withE2eDatabase((sql) => sql`update services set is_active = true where id in ${sql(hidden.map((row) => row.id))}`);
  }
});

test.describe("contact form", () => {
  test("names each bad field in the spec's words", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Name").fill("Jo Park");
    await expect(page.getByText("Name must be at least 2 characters")).toBeHidden();
    await page.getByLabel("Email").fill("jo@");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });

  test("sends a message, stores it and resets the form", async ({ page }) => {
    const email = `jo.park.${Date.now()}@example.com`;
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Business hours" })).toBeVisible();
    await expect(page.getByText("Monday - Friday")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Central Austin" })).toBeVisible();
    await expect(page.getByText("We reply within 24 hours.")).toBeVisible();

    await page.getByLabel("Name").fill("Jo Park");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone (optional)").fill("512-555-0123");
    await page.getByRole("textbox", { name: "Message" }).fill("Could you quote a monthly mowing plan for a corner lot in 78745?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Message sent!")).toContainText("Thanks for reaching out. We'll get back to you soon.");
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

    const stored = await withE2eDatabase(
      (sql) => sql`select name, phone, message, handled_at from contact_inquiries where email = ${email}`,
    );
    expect(stored).toEqual([
      {
        name: "Jo Park",
        phone: "512-555-0123",
        message: "Could you quote a monthly mowing plan for a corner lot in 78745?",
        handled_at: null,
      },
    ]);
  });

  test("says so in red when the message cannot be sent", async ({ page }) => {
    await page.goto("/contact");
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Name").fill("Jo Park");
    await page.getByLabel("Email").fill("jo@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("Is Saturday mowing possible in Pflugerville?");
    await page.getByRole("button", { name: "Send Message" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error sending message" });
    await expect(alert).toContainText("Something went wrong. Please try again later.");
    await expect(alert).toHaveAttribute("data-variant", "destructive");
    await expect(page.getByLabel("Name")).toHaveValue("Jo Park");
  });
});

test("an unknown path shows the 404 screen with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-lawn");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test.describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  for (const path of ["/", "/services", "/contact", ...FOOTER_PAGES.map(([footerPath]) => footerPath), "/no-such-lawn"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("the phone layout with the drawer open has no violations", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("screenshots at 1280 and 375 px", async ({ page }) => {
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 375],
  ] as const) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    for (const [name, path] of [
      ["home", "/"],
      ["services", "/services"],
      ["contact", "/contact"],
      ["faq", "/faq"],
      ["404", "/no-such-lawn"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.screenshot({ path: `screenshots/public-${name}-${label}.png`, fullPage: true });
      await page.screenshot({ path: `screenshots/public-${name}-${label}-top.png` });
    }
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.screenshot({ path: "screenshots/public-drawer-phone.png" });
});

import { expect, test, type Page } from "@playwright/test";
import { linkIn, receivedEmail } from "./fixtures/mailbox";
import { useE2eDatabase } from "./fixtures/database";

// A test-only window into the e2e database (the one e2e/serve.mjs creates): the guest's earlier
// booking is written here directly. Emailed links are read from the email that reached the
// journeys' SMTP server (e2e/fixtures/mailbox.ts).
// On PGlite the server holds the database alone, so the journey that needs it runs on PostgreSQL only.
const sql = useE2eDatabase();

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "garden-pass-1";
const NEW_PASSWORD = "garden-pass-2";

/** What a guest booking leaves behind: a customer without a password, a visit in 3 days and its pending payment. */
async function guestBooking(email: string) {
  const db = sql;
  const [service] = await db<{ id: number; name: string }[]>`select id, name from services order by id limit 1`;
  const yesterday = new Date(Date.now() - DAY).toISOString();
  const [customer] = await db<{ id: number }[]>`
    insert into customers (full_name, email, phone, address, city, state, zip_code, created_at)
    values ('Gail Guest', ${email}, '5125550177', '42 Oak Hollow Dr', 'Austin', 'TX', '78745', ${yesterday}::timestamptz)
    returning id`;
  const start = new Date(Date.now() + 3 * DAY);
  start.setUTCHours(15, 0, 0, 0);
  const end = new Date(start.getTime() + 60 * 60 * 1000);
  const [plan] = await db`
    insert into schedules (customer_id, service_id, date, start_time, end_time, status, total_price, address, city, state, zip_code, created_at)
    values (${customer!.id}, ${service!.id}, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
            'pending', 4500, '42 Oak Hollow Dr', 'Austin', 'TX', '78745', ${yesterday}::timestamptz) returning id`;
  // A one-time plan's visit shares its id.
  await db`
    insert into visits (id, schedule_id, customer_id, service_id, occurrence_date, start_time, end_time, status, total_price, address, city, state, zip_code, origin)
    values (${plan!.id}, ${plan!.id}, ${customer!.id}, ${service!.id}, (${start.toISOString()}::timestamptz at time zone 'America/Chicago')::date,
            ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, 'pending', 4500, '42 Oak Hollow Dr', 'Austin', 'TX', '78745', 'staff')`;
  await db`
    insert into payments (customer_id, amount, status, method, payment_date, created_at)
    values (${customer!.id}, 4500, 'pending', 'card', ${yesterday}::timestamptz, ${yesterday}::timestamptz)`;
  return { customerId: customer!.id, serviceName: service!.name };
}

/** The path of the newest link to `email` carrying `parameter` (verify, invite or token), from the email that arrived. */
async function emailedPath(email: string, parameter: "verify" | "invite" | "token") {
  const message = await receivedEmail(email, new RegExp(`\\?${parameter}=`));
  return linkIn(message, new RegExp(`https?://\\S+\\?${parameter}=[a-z0-9]+`));
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/portal-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a guest registers with the booking's email, opens the account from the emailed link, then manages it", async ({ page }) => {
  const email = `gail.${Date.now()}@example.com`;
  const { customerId, serviceName } = await guestBooking(email);

  // The booking confirmation links to register with the email and name filled in.
  await page.goto(`/customer/register?email=${encodeURIComponent(email)}&name=Gail%20Guest`);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Full name")).toHaveValue("Gail Guest");
  await shoot(page, "register");
  await page.getByLabel("Phone").fill("5125550177");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("Address").fill("42 Oak Hollow Dr");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("ZIP code").fill("78745");
  await page.getByRole("button", { name: "Create Account" }).click();

  // The email already holds a booking: nothing opens here; a link goes to that inbox.
  await expect(page.getByText(`Check your inbox at ${email}`)).toBeVisible();
  await expect(page.getByText("We already have bookings under this email.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/register/);
  expect((await (await page.request.get("/api/customer/status")).json()).authenticated).toBe(false);
  await shoot(page, "register-claim-link-sent");

  await expect(page.getByText("Open it in this browser and you are signed in with the password you just chose")).toBeVisible();

  // Opened in this browser, the link keeps the password typed at registration: none is asked again.
  await page.goto(await emailedPath(email, "invite"));
  await expect(page).toHaveURL(/\/customer\/account$/);
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("Welcome, Gail Guest")).toBeVisible();
  await expect(page.getByText("Please confirm your email address.")).toHaveCount(0);
  await openTab(page, "Appointments");
  const visit = page.getByRole("listitem").filter({ hasText: serviceName });
  await expect(visit).toBeVisible();
  await expect(visit).toContainText("42 Oak Hollow Dr");
  await expect(visit).toContainText("$45.00");
  await expect(visit).toContainText("pending");
  await shoot(page, "appointments");

  // Cancel the visit (three days ahead: allowed).
  await visit.getByRole("button", { name: /Cancel visit/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this visit?" });
  await dialog.getByRole("button", { name: "Cancel visit" }).click();
  await expect(page.getByText("Visit cancelled")).toBeVisible();
  await expect(visit).toContainText("cancelled");
  await expect(visit.getByRole("button", { name: /Cancel visit/ })).toHaveCount(0);

  // Messages: the empty state, then a message that staff see as unread.
  await openTab(page, "Messages");
  await expect(page.getByText("No messages found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us" })).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Message cannot be empty")).toBeVisible();
  await page.getByLabel("Your message").fill("Please use the side gate.");
  await page.getByLabel("Your message").press("Enter");
  await expect(page.getByRole("list", { name: "Conversation" })).toContainText("Please use the side gate.");
  const [stored] = await sql<
    { read: boolean; sender_type: string }[]
  >`select read, sender_type from messages where customer_id = ${customerId}`;
  expect(stored).toEqual({ read: false, sender_type: "customer" });
  await shoot(page, "messages");

  // After verification the earlier pending payment shows. With card payments set up (E2E_STRIPE=1)
  // it can be paid; Stripe's script cannot load on this offline machine, which the form says.
  await openTab(page, "Payments");
  const payment = page.getByRole("listitem").filter({ hasText: "$45.00" });
  await expect(payment).toContainText("Pending");
  if (process.env.E2E_STRIPE === "1") {
    await payment.getByRole("button", { name: "Pay $45.00" }).click();
    await expect(page.getByText("Card payment unavailable")).toBeVisible();
    await page.keyboard.press("Escape");
  } else {
    await expect(payment).toContainText("Card payment is not available online yet.");
  }
  await expect(page.getByText("No payment methods saved")).toBeVisible();
  await shoot(page, "payments");
  if (process.env.E2E_STRIPE === "1") {
    // The SetupIntent is made; the card form itself is Stripe.js, which cannot load offline.
    await page.getByRole("button", { name: "Add Payment Method" }).click();
    await expect(page.getByRole("heading", { name: "Add a card" })).toBeVisible();
    await expect(page.getByText("Card form unavailable")).toBeVisible();
    await page.getByText("Close", { exact: true }).click();
  } else {
    await expect(page.getByText("Card payments are not set up yet, so cards cannot be saved online.", { exact: false })).toBeVisible();
  }

  // Profile: the seven fields, then a real edit.
  await openTab(page, "Profile");
  await expect(page.getByText("5125550177")).toBeVisible();
  await shoot(page, "profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Phone").fill("123");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Valid phone number is required")).toBeVisible();
  await page.getByLabel("Phone").fill("(512) 555-0199");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByText("(512) 555-0199")).toBeVisible();

  // A new password: the current one is asked again, and a wrong one is named on its field.
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await shoot(page, "change-password");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Password not changed" })).toBeVisible();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByText("Your password has been changed. Every other device was logged out.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Password" })).toBeVisible();

  // Log out, find the account closed, and log in again.
  // The header offers Logout too once the session check answers; this is the account page's own button.
  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logout successful")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/customer/account");
  await expect(page).toHaveURL(/\/customer\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/customer\/account$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("(512) 555-0199")).toBeVisible();

  // Signed in, login and register lead to My Account.
  await page.goto("/customer/login");
  await expect(page).toHaveURL(/\/customer\/account$/);
  await page.goto("/customer/register");
  await expect(page).toHaveURL(/\/customer\/account$/);
});

test("login shows the spec's validation messages and failure toast", async ({ page }) => {
  await page.goto("/customer/login");
  await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/customer/register");
  await expect(page.getByText("Your customer portal")).toBeVisible();
  await shoot(page, "login");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  await page.getByLabel("Email").fill("nobody.here@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toContainText("Invalid email or password");
  await expect(page).toHaveURL(/\/customer\/login$/);
});

test("the emailed link opened in another browser asks for a password, and the one typed at registration opens nothing", async ({
  page,
  browser,
}) => {
  const email = `gail.other.${Date.now()}@example.com`;
  await guestBooking(email);
  const registered = await page.request.post("/api/customer/register", {
    data: {
      fullName: "Gail Guest",
      email,
      phone: "5125550177",
      address: "42 Oak Hollow Dr",
      city: "Austin",
      state: "TX",
      zipCode: "78745",
      password: "typed-on-laptop",
      confirmPassword: "typed-on-laptop",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const other = await phone.newPage();
  await other.goto(await emailedPath(email, "invite"));
  await expect(other.getByText("Hi Gail Guest, choose a password for")).toBeVisible();
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByLabel("Confirm password").fill(PASSWORD);
  await other.getByRole("button", { name: "Create Account" }).click();
  await expect(other).toHaveURL(/\/customer\/account$/);
  const typed = await page.request.post("/api/customer/login", { data: { email, password: "typed-on-laptop" } });
  expect(typed.status()).toBe(401);
  await phone.close();
});

test("register shows every rule's message and keeps what was typed for a taken email", async ({ page, request }) => {
  await page.goto("/customer/register");
  await page.getByRole("button", { name: "Create Account" }).click();
  for (const message of [
    "Full name is required",
    "Valid email is required",
    "Valid phone number is required",
    "Password must be at least 6 characters",
    "Confirm password is required",
    "Address is required",
    "City is required",
    "Valid zip code is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel("Password", { exact: true }).fill("abcdef");
  await page.getByLabel("Confirm password").fill("abcdeg");
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  const taken = `taken.${Date.now()}@example.com`;
  const first = await request.post("/api/customer/register", {
    data: {
      fullName: "First Owner",
      email: taken,
      phone: "5125550100",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(first.status()).toBe(201);
  await page.context().clearCookies();

  await page.getByLabel("Full name").fill("Second Try");
  await page.getByLabel("Email").fill(taken);
  await page.getByLabel("Phone").fill("5125550101");
  await page.getByLabel("Confirm password").fill("abcdef");
  await page.getByLabel("Address").fill("2 Main St");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("ZIP code").fill("78701");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Registration failed" })).toContainText("already exists");
  await expect(page).toHaveURL(/\/customer\/register$/);
  await expect(page.getByLabel("Full name")).toHaveValue("Second Try");
  await expect(page.getByLabel("Address")).toHaveValue("2 Main St");
});

test("My Account sends a signed-out visitor to login", async ({ page }) => {
  await page.goto("/customer/account");
  await expect(page).toHaveURL(/\/customer\/login$/);
});

test("a confirmation link opened in a signed-out browser confirms the email once its owner logs in", async ({ page, browser }) => {
  const email = `confirm.${Date.now()}@example.com`;
  const created = await page.request.post("/api/customer/register", {
    data: {
      fullName: "Cory Confirm",
      email,
      phone: "5125550100",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status()).toBe(201);

  // The link is opened on a phone where nobody is signed in.
  const phone = await browser.newContext();
  const other = await phone.newPage();
  await other.goto(await emailedPath(email, "verify"));
  await expect(other.getByText("Log in to confirm your email address.")).toBeVisible();
  await shoot(other, "login-to-confirm");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Login" }).click();
  await expect(other).toHaveURL(/\/customer\/account$/);
  await expect(other.getByText("Your full history is now in My Account.")).toBeVisible();
  await expect(other.getByText("Please confirm your email address.")).toHaveCount(0);
  await phone.close();
});

test("a forgotten password is reset from the emailed link, which logs in and logs out every other device", async ({ page, browser }) => {
  const email = `forgetful.${Date.now()}@example.com`;
  const created = await page.request.post("/api/customer/register", {
    data: {
      fullName: "Frankie Forget",
      email,
      phone: "5125550100",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  expect((await (await page.request.get("/api/customer/status")).json()).authenticated).toBe(true);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/customer/login");
  await visitor.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(visitor).toHaveURL(/\/customer\/reset-password$/);
  await expect(visitor.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await visitor.getByRole("button", { name: "Email me a link" }).click();
  await expect(visitor.getByText("Invalid email address")).toBeVisible();
  await shoot(visitor, "reset-request");
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Email me a link" }).click();
  await expect(visitor.getByText("If an account uses that email, we sent it a link", { exact: false })).toBeVisible();
  await shoot(visitor, "reset-requested");

  await visitor.goto(await emailedPath(email, "token"));
  await expect(visitor.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await visitor.getByLabel("New password").fill(NEW_PASSWORD);
  await visitor.getByLabel("Confirm password").fill("something-else");
  await visitor.getByRole("button", { name: "Save password and log in" }).click();
  await expect(visitor.getByText("Passwords do not match")).toBeVisible();
  await shoot(visitor, "reset-choose");
  await visitor.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await visitor.getByRole("button", { name: "Save password and log in" }).click();
  await expect(visitor).toHaveURL(/\/customer\/account$/);
  await expect(visitor.getByText("Welcome, Frankie Forget")).toBeVisible();
  // The reset proved the email too.
  await expect(visitor.getByText("Please confirm your email address.")).toHaveCount(0);
  await context.close();

  // The browser that registered was logged out by the reset.
  expect((await (await page.request.get("/api/customer/status")).json()).authenticated).toBe(false);
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, businessInstant, businessToday, formatBusinessDate, startOfBusinessDay } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { linkIn, receivedEmail } from "./fixtures/mailbox";

// Staff roles (docs/product-rules.md#staff-roles): a crew member works their crew's day and is
// sent away from payments and customers; an owner invites an office member, who cannot manage staff.

// Far enough ahead that no other journey's visit falls on this day.
const day = addDays(businessToday(), 150);

async function shoot(page: Page, name: string) {
  const back = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/roles-${name}-${width}.png`, fullPage: true });
  }
  if (back) await page.setViewportSize(back);
}

/** The path of the newest staff invitation that reached `email`. */
async function invitationPath(email: string): Promise<string> {
  const message = await receivedEmail(email, /staff-invitation\?token=/);
  return linkIn(message, /https?:\/\/\S+\/staff-invitation\?token=[A-Za-z0-9_-]+/);
}

async function visitFor(request: APIRequestContext, customerId: number, serviceId: number, crewId: number, time: string) {
  const startTime = businessInstant(day, time);
  const response = await request.post("/api/schedules", {
    data: {
      customerId,
      serviceId,
      crewId,
      date: startTime.toISOString(),
      startTime: startTime.toISOString(),
      endTime: new Date(startTime.getTime() + 60 * 60_000).toISOString(),
      status: "confirmed",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("a crew member sees their crew's day at 375 px and is sent away from payments and customers", async ({ page, browser }) => {
  const suffix = Date.now() % 100000;
  const mine = await registerCustomer(page.request, { fullName: `Mina Crewday ${suffix}` });
  const theirs = await registerCustomer(page.request, { fullName: `Theo Othercrew ${suffix}` });
  await signInAsStaff(page);
  const { customers } = (await (await page.request.get(`/api/customers/search?q=${suffix}&limit=5`)).json()) as {
    customers: Array<{ id: number; fullName: string }>;
  };
  const idOf = (name: string) => customers.find((customer) => customer.fullName === name)!.id;
  const [service] = (await (await page.request.get("/api/services")).json()) as Array<{ id: number }>;
  const [crewOne, crewTwo] = (await (await page.request.get("/api/crews")).json()) as Array<{ id: number; name: string }>;
  await visitFor(page.request, idOf(mine.fullName), service!.id, crewOne!.id, "09:00");
  await visitFor(page.request, idOf(theirs.fullName), service!.id, crewTwo!.id, "13:00");

  // The owner invites a crew member on the first crew; they sign up from the emailed link.
  const email = `crew.${suffix}@example.com`;
  const invited = await page.request.post("/api/staff/invitations", { data: { email, role: "crew", crewId: crewOne!.id } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationPath(email);

  const crewContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const crew = await crewContext.newPage();
  await crew.goto(link);
  await expect(crew.getByText(`as crew on ${crewOne!.name}`)).toBeVisible();
  await expect(crew.getByRole("button", { name: "Create my account" })).toBeEnabled();
  await crew.getByLabel("Full name").fill("Rory Fieldwork");
  await crew.getByLabel("Username").fill(`rory_${suffix}`);
  await crew.getByLabel("Password", { exact: true }).fill("mowing-day-1");
  await crew.getByLabel("Confirm password").fill("mowing-day-1");
  await crew.getByRole("button", { name: "Create my account" }).click();
  await expect(crew).toHaveURL(/\/crew$/);

  // Their crew's day: their own visit, not the other crew's; no planning buttons.
  await crew.goto(`/schedule?date=${day}`);
  await expect(crew.getByRole("heading", { name: formatBusinessDate(startOfBusinessDay(day), "MMMM d, yyyy"), exact: true })).toBeVisible();
  await expect(crew.getByTestId("visit-card")).toHaveCount(1);
  await expect(crew.getByTestId("visit-card")).toContainText(mine.fullName);
  await expect(crew.getByText(theirs.fullName)).toHaveCount(0);
  await expect(crew.getByRole("link", { name: "New Service" })).toHaveCount(0);
  await expect(crew.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  const nav = crew.getByRole("navigation", { name: "Staff sections" });
  await expect(nav.getByRole("link", { name: "Schedule" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Payments" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Customers" })).toHaveCount(0);
  await shoot(crew, "crew-day");

  // A later day's visit is not theirs to change yet (completing it would charge autopay early):
  // the screen says so, and the server refuses it all the same.
  await expect(crew.getByTestId("visit-card").getByLabel("Status")).toBeDisabled();
  await expect(crew.getByTestId("visit-card")).toContainText("The office changes visits of other days.");
  const visitId = (await (await crew.request.get(`/api/schedules?startDate=${day}&endDate=${day}`)).json())[0].visitId as string;
  const early = await crew.request.patch(`/api/schedules/visits/${visitId}/status`, { data: { status: "completed" } });
  expect(early.status()).toBe(403);

  // Payments and customers are not theirs: the server sends them back to their day.
  for (const path of ["/payments", "/customers", "/customers/edit/1", "/messages", "/dashboard", "/settings/staff"]) {
    await crew.goto(path);
    await expect(crew).toHaveURL(path === "/settings/staff" ? /\/settings$/ : /\/crew$/);
  }
  const refused = await crew.request.get("/api/payments/owed");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("Crew accounts cannot do this. Ask an owner if you need it.");
  await crewContext.close();
});

test("the owner invites an office member, who signs up and cannot open Settings → Staff", async ({ page, browser }) => {
  const suffix = Date.now() % 100000;
  const email = `office.${suffix}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);

  await page.goto("/settings/staff");
  await expect(page.getByRole("tab", { name: "Staff", selected: true })).toBeVisible();
  const invite = page.getByRole("form", { name: "Invite staff" });
  await expect(invite.getByRole("button", { name: "Send invitation" })).toBeEnabled();
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("office");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(email);
  await shoot(page, "owner-staff");

  const link = await invitationPath(email);
  const officeContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const office = await officeContext.newPage();
  await office.goto(link);
  await expect(office.getByText("as office")).toBeVisible();
  await expect(office.getByRole("button", { name: "Create my account" })).toBeEnabled();
  await office.getByLabel("Full name").fill("Olive Deskwork");
  await office.getByLabel("Username").fill(`olive_${suffix}`);
  await office.getByLabel("Password", { exact: true }).fill("front-desk-22");
  await office.getByLabel("Confirm password").fill("front-desk-22");
  await shoot(office, "invitation");
  await office.getByRole("button", { name: "Create my account" }).click();
  await expect(office).toHaveURL(/\/dashboard$/);

  // Settings → Staff is the owner's: the page sends office back to Settings, with no Staff tab.
  await office.goto("/settings/staff");
  await expect(office).toHaveURL(/\/settings$/);
  await expect(office.getByRole("tab", { name: "General" })).toBeVisible();
  await expect(office.getByRole("tab", { name: "Staff" })).toHaveCount(0);
  await shoot(office, "office-settings");
  expect((await office.request.get("/api/staff")).status()).toBe(403);
  // Office still reaches payments and customers.
  await office.goto("/payments");
  await expect(office).toHaveURL(/\/payments$/);
  await officeContext.close();

  // The owner sees the new office member in the list.
  await page.reload();
  await expect(page.getByRole("list", { name: "Staff members" })).toContainText("Olive Deskwork");
});

test("on a phone, the owner withdraws an invitation sent to the wrong address, and its link stops working", async ({ page }) => {
  const email = `wrong.${Date.now() % 100000}@example.com`;
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsStaff(page);
  await page.goto("/settings/staff");
  const invite = page.getByRole("form", { name: "Invite staff" });
  await expect(invite.getByRole("button", { name: "Send invitation" })).toBeEnabled();
  await invite.getByLabel("Email").fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(email);
  const link = await invitationPath(email);

  await page.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
  await expect(page.getByText(`The invitation to ${email} was withdrawn.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Withdraw the invitation to ${email}` })).toHaveCount(0);
  await shoot(page, "invitation-withdrawn");

  await page.goto(link);
  await expect(page.getByText("This invitation link is not valid.", { exact: false })).toBeVisible();
});

test("an invitee signs up from the link without JavaScript, corrected once by the server", async ({ page, browser }) => {
  const suffix = Date.now() % 100000;
  const email = `nojs.${suffix}@example.com`;
  await signInAsStaff(page);
  const invited = await page.request.post("/api/staff/invitations", { data: { email, role: "office" } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationPath(email);

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByLabel("Full name").fill("Nora Noscript");
  await invitee.getByLabel("Username").fill(`nora_${suffix}`);
  await invitee.getByLabel("Password", { exact: true }).fill("plain-html-22");
  await invitee.getByLabel("Confirm password").fill("plain-html-23");
  await invitee.getByRole("button", { name: "Create my account" }).click();
  await expect(invitee.getByText("Passwords don't match")).toBeVisible();
  await expect(invitee.getByLabel("Username")).toHaveValue(`nora_${suffix}`);
  await shoot(invitee, "invitation-without-js");

  await invitee.getByLabel("Password", { exact: true }).fill("plain-html-22");
  await invitee.getByLabel("Confirm password").fill("plain-html-22");
  await invitee.getByRole("button", { name: "Create my account" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  const status = await (await invitee.request.get("/api/auth/status")).json();
  expect(status).toMatchObject({ authenticated: true, user: { role: "office" } });
  await context.close();
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, businessInstant, businessToday } from "../src/lib/business-time";
import { registerCustomer, signInAsStaff } from "./fixtures/accounts";
import { crewMember } from "./fixtures/crew";
import { withE2eDatabase } from "./fixtures/database";
import { receivedEmail } from "./fixtures/mailbox";

// Application records (docs/product-rules.md#application-records) at 375 px: a crew member completes
// a treatment visit with its record, once online and once offline (the record waits in the phone's
// queue with the completion); the customer's notice arrives at the journeys' SMTP server; the office
// sees the record on the visit.

const today = businessToday();

async function shoot(page: Page, name: string) {
  const back = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/applications-${name}-${width}.png`, fullPage: true });
  }
  if (back) await page.setViewportSize(back);
}

/** A confirmed Lawn Fertilization visit today for the customer and crew, on a 5,000 sq ft lawn. */
async function treatmentVisitFor(office: Page, customerId: number, crewId: number, time: string) {
  const startTime = businessInstant(today, time);
  const services = (await (await office.request.get("/api/services")).json()) as Array<{ id: number; category: string }>;
  const response = await office.request.post("/api/schedules", {
    data: {
      customerId,
      serviceId: services.find((service) => service.category === "fertilization")!.id,
      crewId,
      date: startTime.toISOString(),
      startTime: startTime.toISOString(),
      endTime: new Date(startTime.getTime() + 45 * 60_000).toISOString(),
      status: "confirmed",
      lawnSizeSqFt: 5000,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function recordsOf(visitId: number) {
  return withE2eDatabase(
    (sql) => sql<{ id: number; target_pest: string }[]>`select id, target_pest from application_records where visit_id = ${visitId}`,
  );
}

/** The crew's record form on a stop: the product, the weather, the target. */
async function fillRecord(stop: Locator, productId: number, target: string) {
  await stop.getByRole("button", { name: "Complete" }).click();
  const form = stop.getByTestId("application-form");
  await expect(form.getByLabel("Area treated (sq ft)")).toHaveValue("5000");
  await form.getByLabel("Product 1").selectOption(String(productId));
  // The default rate (0.75 lb per 1,000 sq ft) over the lawn's 5,000 sq ft.
  await expect(form.getByLabel(/Amount applied/)).toHaveValue("3.75");
  await form.getByLabel("Target pest or purpose").fill(target);
  await form.getByLabel("Wind (mph)").fill("5");
  await form.getByLabel("Direction").selectOption("SE");
  await form.getByLabel("Temperature (°F)").fill("74");
  return form;
}

test("a crew member records applications online and offline, and the customer is told", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now() % 100000;
  await signInAsStaff(page);
  expect((await page.request.put("/api/settings/business-license", { data: { licenseNumber: "TPCL0045821" } })).status()).toBe(200);
  const product = await page.request.post("/api/products", {
    data: {
      name: `Scotts Turf Builder ${suffix}`,
      epaRegistrationNumber: "538-316",
      activeIngredients: [{ name: "Nitrogen", percent: 29 }],
      unit: "lb",
      defaultRate: 0.75,
      keepOffAdvice: "Keep children and pets off the lawn until it has been watered in.",
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: number }).id;
  const crew = await page.request.post("/api/crews", { data: { name: `Treatments ${suffix}` } });
  const crewId = ((await crew.json()) as { id: number }).id;

  const contexts = [];
  try {
    const customers = [];
    for (const fullName of [`Tina Treated ${suffix}`, `Otto Offline ${suffix}`]) {
      const context = await browser.newContext();
      contexts.push(context);
      const customer = await registerCustomer(context.request, { fullName });
      const id = await withE2eDatabase(async (sql) => {
        const [row] = await sql<{ id: number }[]>`select id from customers where email = ${customer.email}`;
        return row!.id;
      });
      customers.push({ ...customer, id });
    }
    const [online, offline] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const first = await treatmentVisitFor(page, online.id, crewId, "05:00");
    const second = await treatmentVisitFor(page, offline.id, crewId, "06:00");
    await treatmentVisitFor(page, online.id, crewId, "07:00");

    // The crew member holds a certified applicator's license, set by the owner.
    const { username, password } = await crewMember(crewId);
    const [member] = await withE2eDatabase((sql) => sql<{ id: number }[]>`select id from staff_users where username = ${username}`);
    const license = await page.request.put(`/api/staff/${member!.id}/license`, {
      data: { licenseType: "certified_applicator", licenseNumber: "CA778812", expiresOn: addDays(today, 300) },
    });
    expect(license.status(), await license.text()).toBe(200);

    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto("/login");
    await phone.getByLabel("Username").fill(username);
    await phone.getByLabel("Password").fill(password);
    await phone.getByRole("button", { name: "Login" }).click();
    await expect(phone).toHaveURL(/\/crew$/);
    const stop1 = phone.getByLabel(`Stop 1: ${online.fullName}`);
    await expect(stop1).toContainText("Treatment: record the application to complete it");

    // Online: the record goes with the completion.
    const form1 = await fillRecord(stop1, productId, "Spring feeding");
    await shoot(phone, "crew-form");
    await form1.getByRole("button", { name: "Record and complete" }).click();
    await expect(stop1).toContainText("Completed at", { timeout: 30_000 });
    await expect(stop1).toContainText("Application recorded");
    expect(await recordsOf(first)).toEqual([expect.objectContaining({ target_pest: "Spring feeding" })]);
    const notice = await receivedEmail(online.email, /We treated your lawn/);
    expect(notice.text).toContain(`Scotts Turf Builder ${suffix} (EPA Reg. No. 538-316)`);
    expect(notice.text).toContain("Spring feeding");
    expect(notice.text).toContain("Keep children and pets off the lawn until it has been watered in.");

    // Offline: the page opens from the phone, the products come from its copy of the day, and the
    // record waits in the queue with the completion.
    await phoneContext.setOffline(true);
    await phone.reload();
    const stop2 = phone.getByLabel(`Stop 2: ${offline.fullName}`);
    const form2 = await fillRecord(stop2, productId, "Grub prevention");
    await form2.getByRole("button", { name: "Record and complete" }).click();
    await expect(stop2.getByTestId("stop-waiting")).toContainText("Waiting to send: Complete");
    await shoot(phone, "offline");
    expect(await recordsOf(second)).toEqual([]);

    await phoneContext.setOffline(false);
    await expect(phone.getByTestId("sync-banner")).toContainText("Everything is sent.", { timeout: 30_000 });
    await expect(stop2).toContainText("Completed at");
    expect(await recordsOf(second)).toEqual([expect.objectContaining({ target_pest: "Grub prevention" })]);
    await receivedEmail(offline.email, /We treated your lawn/);
    await shoot(phone, "back-online");

    // A license that expired is refused, and the refusal shows on the stop as other refusals do.
    const expired = await page.request.put(`/api/staff/${member!.id}/license`, {
      data: { licenseType: "certified_applicator", licenseNumber: "CA778812", expiresOn: addDays(today, -1) },
    });
    expect(expired.status(), await expired.text()).toBe(200);
    const stop3 = phone.getByLabel(`Stop 3: ${online.fullName}`);
    const form3 = await fillRecord(stop3, productId, "Spot weeds");
    await form3.getByRole("button", { name: "Record and complete" }).click();
    await expect(stop3.getByRole("alert")).toContainText("Complete was not applied. Rory Fieldwork's applicator license expired on");
    await expect(stop3.getByRole("button", { name: "Complete" })).toBeVisible();
    await shoot(phone, "refused");
    await phoneContext.close();

    // The office sees each record on its visit, every field of §7.144.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/schedule?date=${today}`);
    const card = page.getByTestId("visit-card").filter({ hasText: offline.fullName });
    await expect(card.getByLabel(/Status/)).toHaveValue("completed");
    const record = card.getByTestId("application-record");
    await expect(record).toContainText("Grub prevention");
    await expect(record).toContainText("EPA Reg. No. 538-316");
    await expect(record).toContainText("CA778812");
    await expect(record).toContainText("TPCL0045821");
    await card.scrollIntoViewIfNeeded();
    await shoot(page, "office-visit");
  } finally {
    await page.request.delete(`/api/crews/${crewId}`);
    for (const context of contexts) await context.close();
  }
});

test("the office completes a treatment visit with its record and corrects it on its day", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now() % 100000;
  await signInAsStaff(page);
  expect((await page.request.put("/api/settings/business-license", { data: { licenseNumber: "TPCL0045821" } })).status()).toBe(200);
  const product = await page.request.post("/api/products", {
    data: {
      name: `Celsius WG ${suffix}`,
      epaRegistrationNumber: "432-1507",
      activeIngredients: [{ name: "Thiencarbazone-methyl", percent: 10 }],
      unit: "oz",
      defaultRate: 0.085,
    },
  });
  const productId = ((await product.json()) as { id: number }).id;
  const crew = await page.request.post("/api/crews", { data: { name: `Office treatments ${suffix}` } });
  const crewId = ((await crew.json()) as { id: number }).id;
  const context = await browser.newContext();
  try {
    const customer = await registerCustomer(context.request, { fullName: `Olga Office ${suffix}` });
    const [row] = await withE2eDatabase((sql) => sql<{ id: number }[]>`select id from customers where email = ${customer.email}`);
    const visitId = await treatmentVisitFor(page, row!.id, crewId, "08:00");
    const { username } = await crewMember(crewId);
    const [member] = await withE2eDatabase((sql) => sql<{ id: number }[]>`select id from staff_users where username = ${username}`);
    await page.request.put(`/api/staff/${member!.id}/license`, {
      data: { licenseType: "certified_applicator", licenseNumber: "CA445566", expiresOn: addDays(today, 300) },
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/schedule?date=${today}`);
    const card = page.getByTestId("visit-card").filter({ hasText: customer.fullName });
    await expect(card).toContainText("Treatment visit: completing it asks for its application record.");
    await card.getByLabel(/Status/).selectOption("completed");
    const form = card.getByTestId("application-form");
    await expect(form.getByLabel("Area treated (sq ft)")).toHaveValue("5000");
    await form.getByLabel("Applicator").selectOption(String(member!.id));
    await form.getByLabel("Product 1").selectOption(String(productId));
    await form.getByRole("button", { name: "Give the mixing rate and total mix instead" }).click();
    await form.getByLabel("Mixing rate").fill("0.25 oz/gal");
    await form.getByLabel("Total mix").fill("2 gal");
    await form.getByLabel("Target pest or purpose").fill("Nutsedge");
    await form.getByLabel("Wind (mph)").fill("3");
    await form.getByLabel("Temperature (°F)").fill("81");
    await card.scrollIntoViewIfNeeded();
    await shoot(page, "office-form");
    await form.getByRole("button", { name: "Record and complete" }).click();
    await expect(card.getByLabel(/Status/)).toHaveValue("completed");
    const record = card.getByTestId("application-record").first();
    await expect(record).toContainText("mixed at 0.25 oz/gal, 2 gal in all");
    await expect(record).toContainText("Rory Fieldwork, Certified applicator CA445566");

    // On its day the office corrects it in place.
    await card.getByRole("button", { name: "Correct the record" }).click();
    await card.getByTestId("application-form").getByLabel("Target pest or purpose").fill("Nutsedge and dallisgrass");
    await card.getByTestId("application-form").getByRole("button", { name: "Save the record" }).click();
    await expect(record).toContainText("Nutsedge and dallisgrass");
    const [stored] = await withE2eDatabase(
      (sql) => sql<{ count: number }[]>`select count(*)::int as count from application_records where visit_id = ${visitId}`,
    );
    expect(stored!.count).toBe(1);
    await receivedEmail(customer.email, /We treated your lawn/);

    // After its day the record changes only by an amendment, which keeps the original. (The day is
    // moved back by hand: the database refuses that change otherwise.)
    await withE2eDatabase(async (sql) => {
      await sql`alter table application_records disable trigger application_records_keep`;
      await sql`update application_records set applied_on = ${addDays(today, -1)} where visit_id = ${visitId}`;
      await sql`alter table application_records enable trigger application_records_keep`;
    });
    await page.reload();
    await card.getByRole("button", { name: "Amend the record" }).click();
    const amendment = card.getByTestId("application-form");
    await amendment.getByLabel("Wind (mph)").fill("4");
    await amendment.getByLabel("Why is it corrected?").fill("Wind read from the wrong gauge");
    await amendment.getByRole("button", { name: "Record the amendment" }).click();
    await expect(card.getByTestId("application-record")).toHaveCount(2);
    await expect(card.getByTestId("application-record").first()).toContainText("(corrected since)");
    await expect(card.getByTestId("application-record").last()).toContainText("Why: Wind read from the wrong gauge");
    await expect(card.getByTestId("application-record").last()).toContainText("Wind 4 mph");
    await card.scrollIntoViewIfNeeded();
    await shoot(page, "office-amended");
  } finally {
    await page.request.delete(`/api/crews/${crewId}`);
    await context.close();
  }
});

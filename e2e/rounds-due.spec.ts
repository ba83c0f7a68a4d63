import { expect, test, type Page } from "@playwright/test";
import { addDays, businessToday } from "../src/lib/business-time";
import { signInAsStaff } from "./fixtures/accounts";
import { withE2eDatabase } from "./fixtures/database";

// Rounds due (docs/product-rules.md#rounds-due): two customers enrolled in a lawn program have a
// round due; the office opens Rounds due from the schedule, picks both, schedules them on a day and
// finds them on that day of the schedule. A third customer's round whose window closed shows as missed.

const today = businessToday();
// Far enough ahead that no other journey's visit falls on this day.
const day = addDays(today, 11);
const season = Number(day.slice(0, 4));

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `screenshots/rounds-due-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A customer through the API, as the office adds one. */
async function customer(page: Page, fullName: string, zipCode: string): Promise<number> {
  const answer = await page.request.post("/api/customers", {
    data: {
      fullName,
      email: `${fullName.toLowerCase().replaceAll(" ", ".")}@example.com`,
      address: "1200 S Lamar Blvd",
      city: "Austin",
      state: "TX",
      zipCode,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/**
 * A season-long program (round 1 all year; round 2 closed yesterday when it can) and each customer
 * enrolled, the rounds copied as enrolling does: written in SQL, as the programs' screens are
 * another journey's.
 */
async function enrollAll(customerIds: number[], missedFor: number | null, suffix: string) {
  await withE2eDatabase(async (sql) => {
    const [service] = await sql<Array<{ id: number }>>`select id from services where category = 'fertilization' order by id limit 1`;
    const [program] = await sql<Array<{ id: number }>>`insert into programs (name) values (${`Six-step ${suffix}`}) returning id`;
    await sql`insert into program_rounds (program_id, position, service_id, window_start, window_end, purpose, price)
      values (${program!.id}, 1, ${service!.id}, '01-01', '12-31', 'Pre-emergent crabgrass control', 6500)`;
    for (const customerId of customerIds) {
      const [enrollment] = await sql<Array<{ id: number }>>`insert into enrollments (customer_id, program_id, season, source)
        values (${customerId}, ${program!.id}, ${season}, 'staff') returning id`;
      await sql`insert into enrollment_rounds (enrollment_id, position, service_id, window_start, window_end, min_days_since_previous, purpose, price)
        values (${enrollment!.id}, 1, ${service!.id}, '01-01', '12-31', 0, 'Pre-emergent crabgrass control', 6500)`;
    }
    if (missedFor === null) return;
    // A round of last season whose window closed unscheduled, for the missed list.
    const [old] = await sql<Array<{ id: number }>>`insert into enrollments (customer_id, program_id, season, source)
      values (${missedFor}, ${program!.id}, ${Number(today.slice(0, 4)) - 1}, 'staff') returning id`;
    await sql`insert into enrollment_rounds (enrollment_id, position, service_id, window_start, window_end, min_days_since_previous, purpose, price)
      values (${old!.id}, 1, ${service!.id}, '12-01', '12-31', 0, 'Winter feeding', 6500)`;
  });
}

test("the office schedules two due rounds from the list and finds them on the schedule", async ({ page }) => {
  const suffix = Date.now().toString(36);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  const ana = `Ana Fescue ${suffix}`;
  const ben = `Ben Bermuda ${suffix}`;
  const cal = `Cal Zoysia ${suffix}`;
  const anaId = await customer(page, ana, "78704");
  const benId = await customer(page, ben, "78745");
  const calId = await customer(page, cal, "78704");
  await enrollAll([anaId, benId], calId, suffix);

  await page.goto("/schedule");
  await page.getByRole("link", { name: "Rounds due" }).click();
  await expect(page.getByRole("heading", { name: "Rounds due", level: 1 })).toBeVisible();
  // Last season's December is outside a range from today: ask for a range that holds it, then back.
  const lastDecember = `${Number(today.slice(0, 4)) - 1}-12-31`;
  await page.goto(`/programs/rounds-due?from=${addDays(lastDecember, -30)}&to=${lastDecember}`);
  await expect(page.getByTestId("missed-round").filter({ hasText: cal })).toContainText("Window closed");
  await shoot(page, "missed");

  await page.goto(`/programs/rounds-due?from=${today}&to=${addDays(today, 20)}`);
  await expect(page.getByRole("heading", { name: /^78704/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^78745/ })).toBeVisible();
  await page.getByRole("checkbox", { name: new RegExp(`^${ana}, round 1`) }).check();
  await page.getByRole("checkbox", { name: new RegExp(`^${ben}, round 1`) }).check();
  await page.getByLabel("Day").fill(day);
  await shoot(page, "picked");

  await page.getByRole("button", { name: "Schedule 2 rounds" }).click();
  const result = page.getByTestId("schedule-result");
  await expect(result).toContainText("2 rounds scheduled");
  await expect(result).toContainText(ana);
  await expect(result).toContainText(ben);
  // Scheduled, they leave the list.
  await expect(page.getByRole("checkbox", { name: new RegExp(`^${ana}, round 1`) })).toHaveCount(0);
  await shoot(page, "scheduled");

  await result.getByRole("link", { name: "Open the day on the schedule" }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule\\?date=${day}`));
  await expect(page.getByText(ana).first()).toBeVisible();
  await expect(page.getByText(ben).first()).toBeVisible();
  await shoot(page, "on-schedule");
});

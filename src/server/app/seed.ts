import { count } from "drizzle-orm";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { DEMO_STAFF_LOGIN } from "@/lib/demo";
import { hashPassword } from "@/server/auth/password";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import type { Db } from "@/server/db/client";
import { customers, messages, payments, schedules, services, staffUsers } from "@/server/db/schema";
import { DEMO_CUSTOMERS, SERVICE_CATALOGUE } from "./seed-data";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { ZBusinessLicenseFormSchema, ZLicenseFormSchema, ZProductFormSchema } from "@/lib/validation/products";
import { addProduct } from "@/server/products/products";
import { setStaffLicense } from "@/server/products/licenses";
import { saveBusinessLicense } from "@/server/products/business-license";

export interface SeedOptions {
  /** Whether this is the embedded database, where a first staff login may be generated. */
  embedded: boolean;
  staffUsername?: string;
  staffPassword?: string;
  /** The deliberate demonstration: the published demo login instead of a generated one. */
  demoMode?: boolean;
  demoData?: boolean;
}

/**
 * How the first staff account got its password: the operator's STAFF_PASSWORD, the demo login, or
 * a generated one (printed once at start, to be replaced at the first sign-in).
 */
export type FirstStaffLogin =
  | { username: string; source: "configured" | "demo" }
  | { username: string; source: "generated"; password: string };

export interface SeedReport {
  services: number;
  staff: FirstStaffLogin | null;
  staffSkippedReason?: string;
  demoCustomers: number;
}

/** 80 random bits in four groups of four, easy to type once from a terminal. */
export function generateFirstPassword(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes).match(/.{4}/g)!.join("-");
}

function firstStaffLogin(options: SeedOptions): FirstStaffLogin | null {
  const username = options.staffUsername || DEMO_STAFF_LOGIN.username;
  if (options.staffPassword) return { username, source: "configured" };
  if (options.demoMode) return { username: DEMO_STAFF_LOGIN.username, source: "demo" };
  if (options.embedded) return { username, source: "generated", password: generateFirstPassword() };
  return null;
}

/** Fills an empty database; a database that already has data is left as it is. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedReport> {
  const report: SeedReport = { services: 0, staff: null, demoCustomers: 0 };

  const [{ value: serviceCount } = { value: 0 }] = await db.select({ value: count() }).from(services);
  if (serviceCount === 0) {
    await db.insert(services).values(SERVICE_CATALOGUE);
    report.services = SERVICE_CATALOGUE.length;
  }

  const [{ value: staffCount } = { value: 0 }] = await db.select({ value: count() }).from(staffUsers);
  if (staffCount === 0) {
    const login = firstStaffLogin(options);
    if (!login) {
      report.staffSkippedReason =
        "No staff account was created: set STAFF_PASSWORD (and STAFF_USERNAME) to create the first one on this database.";
    } else {
      const password =
        login.source === "generated" ? login.password : login.source === "demo" ? DEMO_STAFF_LOGIN.password : options.staffPassword!;
      await db.insert(staffUsers).values({
        username: login.username,
        passwordHash: await hashPassword(password),
        mustChangePassword: login.source === "generated",
        // The first account is the business's owner (docs/product-rules.md#staff-roles).
        role: "owner",
        fullName: "Alex Rivera",
        email: "office@greenscapeaustin.com",
        phone: "(512) 555-0142",
      });
      report.staff = login;
    }
  }

  const [{ value: customerCount } = { value: 0 }] = await db.select({ value: count() }).from(customers);
  if (options.demoData !== false && customerCount === 0) {
    report.demoCustomers = await seedDemoData(db);
  }
  return report;
}

/** A few customers with visits, messages and payments so every staff screen has something to show. */
async function seedDemoData(db: Db): Promise<number> {
  const catalogue = await db.select().from(services);
  const serviceNamed = (name: string) => catalogue.find((service) => service.name === name) ?? catalogue[0]!;
  const mowing = serviceNamed("Basic Lawn Mowing");
  const fullService = serviceNamed("Full Service Package");
  const trimming = serviceNamed("Edging & Trimming");
  const fertilization = serviceNamed("Lawn Fertilization");

  const created = await db.insert(customers).values(DEMO_CUSTOMERS).returning();
  const [maria, james, priya, robert, linda] = created;
  if (!maria || !james || !priya || !robert || !linda) return created.length;

  const today = businessToday();
  const visit = (
    customer: typeof maria,
    service: typeof mowing,
    dayOffset: number,
    time: string,
    extra: Partial<typeof schedules.$inferInsert> = {},
  ) => {
    const start = businessInstant(addDays(today, dayOffset), time);
    return {
      customerId: customer.id,
      serviceId: service.id,
      date: start,
      startTime: start,
      endTime: new Date(start.getTime() + service.duration * 60_000),
      totalPrice: service.price,
      address: customer.address,
      city: customer.city,
      state: customer.state,
      zipCode: customer.zipCode,
      ...extra,
    };
  };

  const insertedSchedules = await db
    .insert(schedules)
    .values([
      visit(maria, mowing, 0, "09:00", { status: "confirmed" }),
      visit(james, fullService, 0, "13:00", { status: "pending" }),
      visit(priya, trimming, 1, "10:00", { status: "confirmed" }),
      visit(robert, fertilization, 3, "11:00", { status: "pending", notes: "Check irrigation zone 3." }),
      visit(linda, mowing, -7, "09:00", { status: "completed" }),
      visit(james, trimming, -3, "15:00", { status: "completed" }),
      visit(maria, mowing, 7, "09:00", {
        status: "confirmed",
        isRecurring: true,
        recurringFrequency: "weekly",
        totalPrice: mowing.price - Math.round(mowing.price * 0.1),
        notes: "Weekly mowing through the season.",
      }),
    ])
    .returning();
  for (const plan of insertedSchedules) await createPlanVisits(db, plan, "staff");

  const now = Date.now();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
  await db.insert(messages).values([
    {
      customerId: maria.id,
      content: "Hi! Could the crew also blow off the back patio this week?",
      senderType: "customer",
      timestamp: minutesAgo(40),
    },
    {
      customerId: james.id,
      content: "Thanks for the great work last time. See you Tuesday.",
      senderType: "customer",
      timestamp: minutesAgo(60 * 26),
      read: true,
    },
    {
      customerId: james.id,
      content: "Glad you liked it! We'll be there at 1 PM.",
      senderType: "user",
      timestamp: minutesAgo(60 * 25),
      read: true,
    },
    {
      customerId: priya.id,
      content: "Is it possible to move my appointment to the afternoon?",
      senderType: "customer",
      timestamp: minutesAgo(60 * 50),
    },
  ]);

  await seedTreatmentSetup(db, today);

  const completedVisit = insertedSchedules.find((row) => row.customerId === linda.id);
  await db.insert(payments).values([
    {
      customerId: linda.id,
      scheduleId: completedVisit?.id,
      amount: 3500,
      status: "completed",
      method: "card",
      stripePaymentId: "pi_demo_completed",
      paymentDate: minutesAgo(60 * 24 * 7),
    },
    { customerId: james.id, amount: 2500, status: "completed", method: "cash", paymentDate: minutesAgo(60 * 24 * 3) },
    { customerId: james.id, amount: 5500, status: "pending", method: "card" },
    { customerId: robert.id, amount: 6000, status: "failed", method: "card", metadata: { reason: "Card declined" } },
  ]);
  return created.length;
}

/**
 * What a treatment visit needs to be completed in the demo (docs/product-rules.md#application-records):
 * two products on the list, the first staff member licensed as a certified applicator, and the
 * business's license number. Illustrative figures, not any real product's label.
 */
async function seedTreatmentSetup(db: Db, today: string) {
  await addProduct(
    db,
    ZProductFormSchema.parse({
      name: "Slow-release lawn fertilizer 15-0-4",
      epaRegistrationNumber: "100-1070",
      activeIngredients: [{ name: "Nitrogen", percent: 15 }],
      unit: "lb",
      defaultRate: 3.5,
      keepOffAdvice: "Water it in; the lawn can be used once it is dry.",
    }),
  );
  await addProduct(
    db,
    ZProductFormSchema.parse({
      name: "Broadleaf weed control",
      epaRegistrationNumber: "228-564",
      activeIngredients: [
        { name: "2,4-D", percent: 30.56 },
        { name: "Dicamba", percent: 2.77 },
      ],
      unit: "fl oz",
      defaultRate: 1.5,
      mixingRate: "1.5 fl oz per gal",
      keepOffAdvice: "Keep children and pets off the lawn until the spray has dried.",
    }),
  );
  const [firstStaff] = await db.select({ id: staffUsers.id }).from(staffUsers).orderBy(staffUsers.id).limit(1);
  if (firstStaff) {
    await setStaffLicense(
      db,
      firstStaff.id,
      ZLicenseFormSchema.parse({ licenseType: "certified_applicator", licenseNumber: "CA0123456", expiresOn: addDays(today, 400) }),
    );
  }
  await saveBusinessLicense(db, ZBusinessLicenseFormSchema.parse({ licenseNumber: "BL0098765" }));
}

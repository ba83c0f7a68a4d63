import { config } from "@/server/config";
import { getDatabase } from "./index";
import { seedDatabase, DEMO_STAFF } from "./seed";

/**
 * Run once when the server starts: connect, migrate (inside getDatabase), fill an empty database
 * and say how to sign in.
 */
export async function prepareDatabaseAtStartup() {
  const { seed } = config();
  const { db, kind } = await getDatabase();
  const report = await seedDatabase(db, {
    embedded: kind === "pglite",
    staffUsername: seed.staffUsername,
    staffPassword: seed.staffPassword,
    demoData: seed.demoData,
  });
  const where = kind === "pglite" ? "embedded PGlite database in .data/pglite" : "PostgreSQL (DATABASE_URL)";
  console.log(`[greenscape] Database ready: ${where}.`);
  if (!config().smtpUrl) {
    console.warn(
      "[greenscape] SMTP_URL is not set: emails are NOT sent. They are kept in the email_outbox table and written to this log.",
    );
  }
  if (report.services) console.log(`[greenscape] Seeded ${report.services} services and ${report.demoCustomers} demo customers.`);
  if (report.staff?.usedDefaultPassword) {
    console.log(`[greenscape] Demo staff login: ${DEMO_STAFF.username} / ${DEMO_STAFF.password} (at /login). Set STAFF_PASSWORD for a real one.`);
  } else if (report.staff) {
    console.log(`[greenscape] Staff account "${report.staff.username}" created from STAFF_USERNAME / STAFF_PASSWORD.`);
  }
  if (report.staffSkippedReason) console.warn(`[greenscape] ${report.staffSkippedReason}`);
}

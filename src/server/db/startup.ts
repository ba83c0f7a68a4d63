import { getDatabase } from "./index";
import { seedDatabase, DEMO_STAFF } from "./seed";

/**
 * Run once when the server starts: connect, migrate (inside getDatabase), fill an empty database
 * and say how to sign in.
 */
export async function prepareDatabaseAtStartup() {
  const { db, kind } = await getDatabase();
  const report = await seedDatabase(db, {
    embedded: kind === "pglite",
    staffUsername: process.env.STAFF_USERNAME,
    staffPassword: process.env.STAFF_PASSWORD,
    demoData: process.env.SEED_DEMO_DATA !== "false",
  });
  const where = kind === "pglite" ? "embedded PGlite database in .data/pglite" : "PostgreSQL (DATABASE_URL)";
  console.log(`[greenscape] Database ready: ${where}.`);
  if (report.services) console.log(`[greenscape] Seeded ${report.services} services and ${report.demoCustomers} demo customers.`);
  if (report.staff?.usedDefaultPassword) {
    console.log(`[greenscape] Demo staff login: ${DEMO_STAFF.username} / ${DEMO_STAFF.password} (at /login). Set STAFF_PASSWORD for a real one.`);
  } else if (report.staff) {
    console.log(`[greenscape] Staff account "${report.staff.username}" created from STAFF_USERNAME / STAFF_PASSWORD.`);
  }
  if (report.staffSkippedReason) console.warn(`[greenscape] ${report.staffSkippedReason}`);
}

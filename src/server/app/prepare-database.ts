import { config } from "@/server/config";
import { pgliteLocation } from "@/server/db/client";
import { getDatabase } from "@/server/db/index";
import { DEMO_STAFF_LOGIN } from "@/lib/demo";
import { seedDatabase } from "./seed";

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
    demoMode: config().demoMode,
    demoData: seed.demoData,
  });
  const where = kind === "pglite" ? `embedded PGlite database in ${pgliteLocation()}` : "PostgreSQL (DATABASE_URL)";
  console.log(`[greenscape] Database ready: ${where}.`);
  if (config().demoMode) {
    console.warn(
      `[greenscape] DEMO MODE: the staff login ${DEMO_STAFF_LOGIN.username} / ${DEMO_STAFF_LOGIN.password} is public and every screen says so. Not for real customers.`,
    );
  }
  if (!config().smtpUrl) {
    const inLog = !config().production || config().demoMode ? " and written to this log" : "; their links are never written to this log";
    console.warn(`[greenscape] SMTP_URL is not set: emails are NOT sent. They are kept in the email_outbox table${inLog}.`);
  }
  if (report.services) console.log(`[greenscape] Seeded ${report.services} services and ${report.demoCustomers} demo customers.`);
  if (report.staff?.source === "generated") {
    // The only time this password is shown: it is stored hashed, and replaced at the first sign-in.
    console.log(
      `[greenscape] First start: staff login ${report.staff.username} / ${report.staff.password} (at /login). ` +
        "It is shown only this once; you will choose your own password when you first sign in.",
    );
  } else if (report.staff?.source === "configured") {
    console.log(`[greenscape] Staff account "${report.staff.username}" created from STAFF_USERNAME / STAFF_PASSWORD.`);
  }
  if (report.staffSkippedReason) console.warn(`[greenscape] ${report.staffSkippedReason}`);
}

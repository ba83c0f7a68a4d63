// Developer and operator commands: `npm run db:migrate`, `npm run db:seed`, `npm run db:reset`, and
// `npm run staff:password -- <username>` for a staff member who lost their password.
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import "@/server/app/install";
import { closeDatabase, getDatabase } from "@/server/db";
import { staffSessions, staffUsers } from "@/server/db/schema";
import { generateFirstPassword } from "@/server/app/seed";
import { prepareDatabaseAtStartup } from "@/server/app/prepare-database";

const command = process.argv[2];

async function main() {
  if (command === "migrate") {
    await getDatabase();
    console.log("Migrations applied.");
  } else if (command === "seed") {
    await prepareDatabaseAtStartup();
  } else if (command === "reset") {
    const { db } = await getDatabase();
    // Drop everything, migrations' bookkeeping included, then build it again from the migrations.
    await db.execute(sql`drop schema if exists public cascade`);
    await db.execute(sql`drop schema if exists drizzle cascade`);
    await db.execute(sql`create schema public`);
    await closeDatabase();
    await prepareDatabaseAtStartup();
  } else if (command === "staff-password") {
    // A new generated password, replaced at the next sign-in like a first one; the old sessions end.
    const username = process.argv[3]?.trim().toLowerCase();
    const { db } = await getDatabase();
    const [user] = username
      ? await db
          .select()
          .from(staffUsers)
          .where(eq(sql`lower(${staffUsers.username})`, username))
      : [];
    if (!user) {
      console.error(`No staff account named "${process.argv[3] ?? ""}". Usage: npm run staff:password -- <username>`);
      process.exitCode = 1;
    } else {
      const password = generateFirstPassword();
      await db
        .update(staffUsers)
        .set({ passwordHash: await hashPassword(password), mustChangePassword: true })
        .where(eq(staffUsers.id, user.id));
      await db.delete(staffSessions).where(eq(staffSessions.userId, user.id));
      console.log(`Staff login ${user.username} / ${password}: shown only now; a new password is chosen at the next sign-in.`);
    }
  } else {
    console.error("Usage: tsx scripts/db.ts migrate|seed|reset|staff-password <username>");
    process.exitCode = 1;
  }
  await closeDatabase();
}

main().catch(async (error) => {
  console.error(error);
  await closeDatabase();
  process.exit(1);
});

// Developer commands: `npm run db:migrate`, `npm run db:seed`, `npm run db:reset`.
import { sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "@/server/db";
import { prepareDatabaseAtStartup } from "@/server/db/startup";

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
  } else {
    console.error("Usage: tsx scripts/db.ts migrate|seed|reset");
    process.exitCode = 1;
  }
  await closeDatabase();
}

main().catch(async (error) => {
  console.error(error);
  await closeDatabase();
  process.exit(1);
});

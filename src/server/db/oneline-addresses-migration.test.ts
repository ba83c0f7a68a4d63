import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { embeddedDatabase, migrationsThrough } from "#test/support/migrations";

/** The migrations as they were before the geocoding job read addresses typed on one line. */
/** Every migration, as the app runs them. */
const MIGRATIONS = path.join(process.cwd(), "drizzle");

const migrationsBefore = () => migrationsThrough("0020_quotes_email");

describe("the one-line addresses migration", () => {
  it("hands the geocoding job back the rows it gave up on that hold a ZIP on the line, and only those", async () => {
    const { client, migrateTo, run } = await embeddedDatabase();
    const before = migrationsBefore();
    try {
      await migrateTo(before);
      const sourceAfter = async (address: string, zipCode: string | null, source: string) => {
        const zip = zipCode === null ? "null" : `'${zipCode}'`;
        const [row] = await run(
          `insert into customers (full_name, email, address, state, zip_code, location_source)
           values ('Old Data', '${Math.random().toString(36).slice(2)}@example.com', '${address}', 'TX', ${zip}, '${source}') returning id`,
        );
        return async () => (await run(`select location_source from customers where id = ${row!.id}`))[0]!.location_source;
      };
      const oneLine = await sourceAfter("1200 E 6th St, Austin, TX 78702", null, "none");
      const noZip = await sourceAfter("123 Main Street", null, "none");
      const unknownZip = await sourceAfter("9 Elm St", "00000", "none");
      const placed = await sourceAfter("1200 E 6th St, Austin, TX 78702", null, "zip");

      await migrateTo(MIGRATIONS);
      expect(await oneLine()).toBeNull();
      expect(await noZip()).toBe("none");
      expect(await unknownZip()).toBe("none");
      expect(await placed()).toBe("zip");
    } finally {
      rmSync(before, { recursive: true, force: true });
      await client.close();
    }
  });
});

import { config, ConfigError } from "@/server/config";
import { prepareDatabaseAtStartup } from "@/server/db/startup";

/** What the Node.js server does once at start, before it answers a request. */
export async function startServerOnce() {
  try {
    config();
  } catch (error) {
    // A server that would send links to localhost or read a mistyped limit must not start.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[greenscape] ${error.message}`);
    process.exit(1);
  }
  try {
    await prepareDatabaseAtStartup();
  } catch (error) {
    // The app still starts; requests retry the connection (see getDatabase) once the database is up.
    console.error("[greenscape] Database not ready at start-up:", error);
  }
}

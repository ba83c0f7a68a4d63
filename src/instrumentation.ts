/** Next.js calls this once per server start: migrations and the first seed happen here. */
export async function register() {
  // Read inline, not through config(): the bundler drops the Node-only imports below from the
  // Edge build only when it sees this exact comparison (through a function the build fails).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { config, ConfigError } = await import("./server/config");
  try {
    config();
  } catch (error) {
    // A server that would send links to localhost or read a mistyped limit must not start.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[greenscape] ${error.message}`);
    process.exit(1);
  }
  const { prepareDatabaseAtStartup } = await import("./server/db/startup");
  try {
    await prepareDatabaseAtStartup();
  } catch (error) {
    // The app still starts; requests retry the connection (see getDatabase) once the database is up.
    console.error("[greenscape] Database not ready at start-up:", error);
  }
}

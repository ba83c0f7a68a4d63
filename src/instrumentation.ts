/** Next.js calls this once per server start: migrations and the first seed happen here. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareDatabaseAtStartup } = await import("./server/db/startup");
  try {
    await prepareDatabaseAtStartup();
  } catch (error) {
    // The app still starts; requests retry the connection (see getDatabase) once the database is up.
    console.error("[greenscape] Database not ready at start-up:", error);
  }
}

/**
 * Next.js calls this once per server start: configuration is checked, migrations run and an empty
 * database is seeded here.
 *
 * Next also builds this file for the edge runtime. `process.env.NEXT_RUNTIME` is not configuration
 * but a constant Next writes into each build, which lets the bundler drop the Node.js-only start-up
 * from the edge one; it is the one `process.env` outside `src/server/config.ts`, and must stay a
 * literal here for that to work.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerOnce } = await import("./server/app/start-up");
  await startServerOnce();
}

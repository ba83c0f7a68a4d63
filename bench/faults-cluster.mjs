// The faults bench's own PostgreSQL cluster: it stops, restarts, closes and fills this one, never
// the server other work uses. Created on first use with Debian's cluster tools.
import { execFileSync } from "node:child_process";
import postgres from "postgres";

const VERSION = process.env.BENCH_FAULTS_PG_VERSION ?? "15";
const NAME = process.env.BENCH_FAULTS_CLUSTER ?? "faults";
export const FAULTS_PORT = Number(process.env.BENCH_FAULTS_PORT ?? 5433);
/** Few connections, so the bench can take them all. */
export const MAX_CONNECTIONS = 30;
export const ADMIN_URL = `postgres://postgres@127.0.0.1:${FAULTS_PORT}/postgres`;
/** The app connects as an ordinary role: the superuser's reserved slots stay for the bench. */
export const APP_ROLE = "greenscape_app";
export const FILLER_ROLE = "greenscape_filler";

function clusterTool(tool, args) {
  return execFileSync(tool, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function status() {
  const line = clusterTool("pg_lsclusters", ["--no-header"])
    .split("\n")
    .find((row) => row.split(/\s+/)[0] === VERSION && row.split(/\s+/)[1] === NAME);
  return line ? line.split(/\s+/)[3] : null;
}

export function pgctl(action, ...extra) {
  clusterTool("pg_ctlcluster", ["--skip-systemctl-redirect", VERSION, NAME, action, ...extra]);
}

export async function ensureCluster() {
  if (status() === null) {
    console.log(`Creating PostgreSQL cluster ${VERSION}/${NAME} on port ${FAULTS_PORT}...`);
    clusterTool("pg_createcluster", [
      VERSION,
      NAME,
      "--port",
      String(FAULTS_PORT),
      "--start-conf",
      "manual",
      "-o",
      `max_connections=${MAX_CONNECTIONS}`,
      "-o",
      "superuser_reserved_connections=3",
      "--",
      "--auth=trust",
    ]);
  }
  if (status() !== "online") pgctl("start");
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  for (const role of [APP_ROLE, FILLER_ROLE]) {
    await admin.unsafe(
      `do $$ begin if not exists (select from pg_roles where rolname = '${role}') then create role ${role} login; end if; end $$`,
    );
  }
  await admin.end({ timeout: 5 });
}

/** A superuser connection to the cluster, for the bench's own moves during an outage. */
export function adminConnection() {
  return postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
}

// Shared pieces of the benchmarks: a fresh PostgreSQL database, the production server, waiting.
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import postgres from "postgres";

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const NEXT_BIN = "node_modules/next/dist/bin/next";
// STAFF_PASSWORD must be at least 12 characters; one set by the operator needs no first-sign-in change.
export const STAFF = { username: "admin", password: "bench-staff-password" };

export function databaseUrl(name, adminUrl = ADMIN_URL, user) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (user) url.username = user;
  return url.toString();
}

/** A new empty database; with `owner`, owned by that role and reached as it. */
export async function freshDatabase(name, { adminUrl = ADMIN_URL, owner } = {}) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"${owner ? ` owner "${owner}"` : ""}`);
  await admin.end({ timeout: 5 });
  return databaseUrl(name, adminUrl, owner);
}

export function buildIfNeeded() {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(".next/BUILD_ID") && existsSync(".next/greenscape-api/api-server.mjs")) return;
  console.log("Building the production app...");
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  const bundle = spawnSync(process.execPath, ["scripts/build-api.mjs"], { stdio: "inherit" });
  if (bundle.status !== 0) throw new Error("bundling the API failed");
}

/**
 * Load from many visitors, as a real site gets it: the bench server trusts one proxy hop
 * (TRUSTED_PROXY_HOPS=1) and each request index claims its own client address, so per-address
 * limits (bookings, sign-ins) count visitors, not the one machine the bench runs on.
 */
export function fromClient(index) {
  return { "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
}

/**
 * Starts the production server and resolves once it answers; `stop()` sends SIGTERM and waits for
 * the exit. `nodeArgs` go to node itself (such as --cpu-prof, which NODE_OPTIONS refuses); `cwd` runs
 * another checkout's build.
 */
export async function startServer({ port, env = {}, quiet = true, nodeArgs = [], cwd = process.env.BENCH_APP_DIR ?? process.cwd() }) {
  // The server's log goes to a file, not a pipe: writes to a pipe block (stdout is synchronous for
  // pipes on Linux) whenever the bench process, busy generating load, is slow to read them, and the
  // server then measured the bench's reading (30 s of 93 s in writeBuffer in a booking profile).
  mkdirSync("bench/.out", { recursive: true });
  const logFile = `bench/.out/server-${port}.log`;
  const log = quiet ? openSync(logFile, "w") : null;
  const child = spawn(process.execPath, [...nodeArgs, "scripts/server.mjs"], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      STAFF_USERNAME: STAFF.username,
      STAFF_PASSWORD: STAFF.password,
      TRUSTED_PROXY_HOPS: "1",
      ...env,
    },
    stdio: quiet ? ["ignore", log, log] : "inherit",
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  await waitForOk(`http://127.0.0.1:${port}/api/services`, 60_000);
  return {
    child,
    /** What the server has written so far (empty when not quiet). */
    get output() {
      return quiet ? [readFileSync(logFile, "utf8")] : [];
    },
    exited,
    async stop(signal = "SIGTERM") {
      child.kill(signal);
      return exited;
    },
  };
}

export async function waitForOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * A staff session. The server listens before its first-start seeding ends (the catalogue answers
 * 200 while still empty), so a 401 in the first seconds means "not created yet": ask again.
 */
export async function staffCookie(port) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STAFF),
    });
    if (response.ok)
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    if (response.status !== 401 || Date.now() > deadline) throw new Error(`staff login failed: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** A date `offsetDays` from today in Austin, as yyyy-MM-dd. */
export function austinDate(offsetDays) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/**
 * The index-th booking of a run across `days` days from `firstDay` days ahead, slot by slot (nine a
 * day), each from its own email address (`emailPrefix` keeps one run's customers apart from another's).
 */
export function bookingBody(index, { days, firstDay = 2, emailPrefix = "booker" }) {
  return JSON.stringify({
    serviceId: 1,
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    date: austinDate(firstDay + (index % days)),
    timeSlot: `${String(9 + (Math.floor(index / days) % 9)).padStart(2, "0")}:00`,
    isRecurring: false,
    fullName: "Bench Booker",
    email: `${emailPrefix}${index}@example.com`,
    phone: "5125550111",
  });
}

const TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

/** A process's CPU in ms from /proc: its own (user, system and both), its reaped children's, and its parent's pid. */
export function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ms = (index) => (Number(fields[index]) * 1000) / TICKS;
  return { own: ms(11) + ms(12), user: ms(11), system: ms(12), reaped: ms(13) + ms(14), parent: Number(fields[1]) };
}

/** CPU of the postmaster, of the children it reaped, and of its live children, in ms. */
export function clusterCpu(postmaster) {
  const root = cpuOf(postmaster);
  let total = root.own + root.reaped;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = cpuOf(Number(entry));
      if (child.parent === postmaster) total += child.own;
    } catch {
      // The process ended between the listing and the read: the postmaster has reaped it.
    }
  }
  return total;
}

import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, businessToday } from "../src/lib/business-time";
import { getDb } from "../src/server/db";
import { createStaffUser, seedServices } from "./support/helpers";
import { eventually } from "./support/eventually";

// Two app processes on one PostgreSQL database, as behind a load balancer: a change made through
// one is answered fresh by the other, although each caches answers and sign-ins in its memory.
// The embedded database serves one process only, so there this suite has nothing to run.
const onPostgres = inject("testDatabase").mode === "postgres";

interface Instance {
  child: ChildProcess;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

async function startInstance(): Promise<Instance> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/support/instance/api-instance.ts"], {
    env: { ...process.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += String(chunk);
      const match = /listening on (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`instance exited (${code}) before listening: ${output}`)));
  });
  const base = `http://127.0.0.1:${port}/api`;
  return {
    child,
    get: (path, headers = {}) => fetch(base + path, { headers }),
    post: (path, body, headers = {}) =>
      fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }),
  };
}

type Availability = { slots: { time: string; available: boolean }[] };
const slotOpen = async (response: Response, time: string) =>
  ((await response.json()) as Availability).slots.find((slot) => slot.time === time)?.available;

describe.skipIf(!onPostgres)("two instances on one database", () => {
  let one: Instance;
  let two: Instance;
  let serviceId: number;
  const date = addDays(businessToday(), 4);

  beforeAll(async () => {
    const services = await seedServices();
    serviceId = services[0]!.id;
    const db = await getDb();
    await db.execute(sql`update crews set active = (position = 1)`);
    [one, two] = await Promise.all([startInstance(), startInstance()]);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [one, two]) {
      if (!instance) continue;
      const exited = new Promise((resolve) => instance.child.on("exit", resolve));
      instance.child.kill("SIGTERM");
      await exited;
    }
  });

  it("answers the catalogue fresh on both after it changes", async () => {
    for (const instance of [one, two]) expect((await instance.get("/services")).headers.get("etag")).toBeTruthy();
    const db = await getDb();
    await db.execute(sql`update services set name = 'Mowing, Renamed' where id = ${serviceId}`);
    for (const instance of [one, two]) {
      await eventually(async () => expect(await (await instance.get("/services")).text()).toContain("Mowing, Renamed"));
    }
  });

  it("answers availability fresh on one after a booking on the other", async () => {
    const path = `/availability?date=${date}&serviceId=${serviceId}`;
    expect(await slotOpen(await two.get(path), "14:00")).toBe(true);
    expect(await slotOpen(await two.get(path), "14:00")).toBe(true); // now from two's cache
    const booked = await one.post("/bookings", {
      serviceId,
      address: "1100 Congress Ave",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      date,
      timeSlot: "14:00",
      isRecurring: false,
      fullName: "Two Instances",
      email: "two.instances@example.com",
      phone: "5125550111",
    });
    expect(booked.status).toBe(201);
    await eventually(async () => expect(await slotOpen(await two.get(path), "14:00")).toBe(false));
  });

  it("ends a session on the other instance as soon as it signs out on one", async () => {
    const { user, password } = await createStaffUser({ password: "two-instance-pass-1" });
    const login = await one.post("/auth/login", { username: user.username, password });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const status = async (instance: Instance) =>
      ((await (await instance.get("/auth/status", { cookie })).json()) as { authenticated: boolean }).authenticated;
    expect(await status(two)).toBe(true);
    expect(await status(two)).toBe(true); // now from two's session cache
    expect((await one.post("/auth/logout", {}, { cookie })).status).toBe(200);
    expect(await status(one)).toBe(false);
    await eventually(async () => expect(await status(two)).toBe(false));
  });
});

import { forgetReferenceData } from "@/server/cache/reference-data";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { getDatabase, getDb } from "@/server/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/db/schema";
import type { JobWorker } from "@/server/jobs/job-queue";
import { setEnv } from "#test/support/env";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { startTestWorker, startWebhookReceiver, waitFor, type ReceivedWebhook } from "#test/support/notifications";
import { emitWebhookEvent } from "./events";
import { postWebhook } from "./post-webhook";
import { isPrivateAddress, webhookUrlProblem } from "./url-safety";

let worker: JobWorker;
let cookie: string;

beforeAll(async () => {
  worker = await startTestWorker(await getDatabase());
  cookie = await staffCookie();
});

afterAll(async () => {
  await worker.stop();
  setEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: undefined });
});

/**
 * The receiver's check exactly as the README tells integrators to write it, with nothing from the
 * app's own code: HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<raw body>", keyed with the
 * base64-decoded secret after "whsec_", compared with each "v1,<base64>" in webhook-signature.
 */
function verifyAsTheReadmeSays(secret: string, delivery: ReceivedWebhook): boolean {
  const id = delivery.headers["webhook-id"] as string;
  const timestamp = delivery.headers["webhook-timestamp"] as string;
  const key = Buffer.from(secret.split("_")[1]!, "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${delivery.body}`).digest("base64");
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  return (delivery.headers["webhook-signature"] as string)
    .split(" ")
    .map((entry) => entry.split(","))
    .some(
      ([version, signature]) =>
        version === "v1" && signature!.length === expected.length && timingSafeEqual(Buffer.from(signature!), Buffer.from(expected)),
    );
}

async function registerEndpoint(url: string, events: string[]) {
  const created = await rest("POST", "/webhooks", { body: { url, events, description: "Test receiver" }, headers: { cookie } });
  expect(created.status).toBe(201);
  return created.json as { id: number; secret: string };
}

describe("webhook deliveries", () => {
  it("signs each delivery so that the documented recipe verifies it, and a changed body does not", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await registerEndpoint(receiver.url, ["customer.created"]);
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

      const created = await rest("POST", "/customers", {
        body: {
          fullName: "Webhook Person",
          email: `hook_${Date.now()}@example.com`,
          phone: "5125550101",
          address: "1 Main St",
          city: "Austin",
          state: "TX",
          zipCode: "78701",
        },
        headers: { cookie },
      });
      expect(created.status).toBe(201);

      const [delivery] = await waitFor(() => (receiver.received.length ? receiver.received : null), 15_000, "the delivery");
      const body = JSON.parse(delivery!.body);
      expect(body).toMatchObject({
        id: delivery!.headers["webhook-id"],
        type: "customer.created",
        data: { customer: { id: created.json.id, fullName: "Webhook Person", source: "staff" } },
      });
      expect(body.id).toMatch(/^evt_/);
      expect(JSON.stringify(body)).not.toMatch(/passwordHash|unsubscribeToken/);
      expect(verifyAsTheReadmeSays(endpoint.secret, delivery!)).toBe(true);
      expect(verifyAsTheReadmeSays(endpoint.secret, { ...delivery!, body: delivery!.body.replace("Webhook Person", "Someone Else") })).toBe(
        false,
      );
      expect(verifyAsTheReadmeSays(`whsec_${Buffer.alloc(24).toString("base64")}`, delivery!)).toBe(false);

      const deliveries = await waitFor(async () => {
        const list = await rest("GET", `/webhooks/${endpoint.id}/deliveries`, { headers: { cookie } });
        const entries = list.json as unknown as Array<{ status: string }>;
        return entries[0]?.status === "succeeded" ? entries : null;
      });
      expect(deliveries[0]).toMatchObject({
        eventType: "customer.created",
        status: "succeeded",
        attempts: 1,
        lastStatusCode: 200,
        eventId: body.id,
      });
    } finally {
      await receiver.close();
    }
  });

  it("retries a failing endpoint with the same event id, then marks the delivery failed", async () => {
    const receiver = await startWebhookReceiver(500);
    try {
      const endpoint = await registerEndpoint(receiver.url, ["message.received"]);
      const { customer } = await createCustomer();
      const db = await getDb();
      const eventId = await emitWebhookEvent(db, "message.received", {
        message: {
          id: 7,
          source: "portal",
          customerId: customer.id,
          name: customer.fullName,
          email: customer.email,
          content: "Hello",
          receivedAt: new Date().toISOString(),
        },
      });

      const delivery = await waitFor(
        async () => {
          const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
          return row?.status === "failed" ? row : null;
        },
        20_000,
        "the delivery to give up",
      );
      // One attempt and the test policy's two retries, each the same event.
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((request) => request.headers["webhook-id"]))).toEqual(new Set([eventId]));
      expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
      expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 500, lastError: "The endpoint answered 500: not today" });

      // The delivery is marked failed just before the queue records the job's last failure.
      const failing = await waitFor(async () => {
        const list = (await rest("GET", "/jobs/failing", { headers: { cookie } })).json as unknown as Array<{ target: string }>;
        return list.find((job) => job.target === `message.received to ${receiver.url} (delivery #${delivery.id})`);
      });
      expect(failing).toMatchObject({ label: "Webhook delivery", state: "failed", attempts: 3 });
      const endpoints = await rest("GET", "/webhooks", { headers: { cookie } });
      expect(
        (endpoints.json as unknown as Array<{ id: number; lastDelivery: unknown }>).find((entry) => entry.id === endpoint.id)?.lastDelivery,
      ).toMatchObject({ status: "failed" });
    } finally {
      await receiver.close();
    }
  });
});

describe("listing deliveries", () => {
  it("filters by status and pages by id, so newer deliveries never push a failing one out of reach", async () => {
    const endpoint = await registerEndpoint("http://127.0.0.1:9/never-called", ["customer.created"]);
    const db = await getDb();
    const statuses = ["failed", "retrying", ...Array.from({ length: 25 }, () => "succeeded" as const)] as const;
    for (const [index, status] of statuses.entries()) {
      const id = `evt_list_${endpoint.id}_${index}`;
      await db.insert(webhookEvents).values({ id, type: "customer.created", payload: {} });
      await db.insert(webhookDeliveries).values({ endpointId: endpoint.id, eventId: id, status, attempts: status === "succeeded" ? 1 : 3 });
    }
    const list = async (query: string) => {
      const answer = await rest("GET", `/webhooks/${endpoint.id}/deliveries${query}`, { headers: { cookie } });
      expect(answer.status).toBe(200);
      return answer.json as unknown as Array<{ id: number; status: string }>;
    };

    const newest = await list("");
    expect(newest).toHaveLength(20);
    expect(newest.every((delivery) => delivery.status === "succeeded")).toBe(true);
    expect((await list("?status=failed")).map((delivery) => delivery.status)).toEqual(["failed"]);
    expect((await list("?status=retrying")).map((delivery) => delivery.status)).toEqual(["retrying"]);
    const next = await list(`?before=${newest[19]!.id}`);
    expect(next.map((delivery) => delivery.status)).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
      "retrying",
      "failed",
    ]);
    expect(await list(`?limit=5&status=succeeded`)).toHaveLength(5);
    for (const bad of ["?status=lost", "?limit=0", "?limit=101", "?before=0x1", "?before=-1"]) {
      expect((await rest("GET", `/webhooks/${endpoint.id}/deliveries${bad}`, { headers: { cookie } })).status).toBe(400);
    }
    await rest("DELETE", `/webhooks/${endpoint.id}`, { headers: { cookie } });
  });
});

describe("server-side request forgery", () => {
  it("refuses private, loopback, link-local and plain-http endpoints in production", async () => {
    // Production refuses them unless told otherwise; development allows local receivers.
    expect(parseConfig({ NODE_ENV: "production" }).webhooksAllowPrivateUrls).toBe(false);
    expect(parseConfig({ NODE_ENV: "development" }).webhooksAllowPrivateUrls).toBe(true);
    setEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: "false" });
    try {
      for (const url of [
        "http://hooks.example.com/in",
        "https://10.1.2.3/in",
        "https://172.20.0.1/in",
        "https://192.168.1.10/in",
        "https://127.0.0.1:8443/in",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/in",
        "https://[fd00::1]/in",
        "https://[::ffff:10.0.0.1]/in",
        "https://localhost/in",
        "https://printer.local/in",
        "https://intranet/in",
        "https://0.0.0.0/in",
        "https://user:pass@hooks.example.com/in",
      ]) {
        const response = await rest("POST", "/webhooks", { body: { url, events: ["booking.created"] }, headers: { cookie } });
        expect(response.status, url).toBe(400);
        expect(response.json.issues).toEqual([expect.objectContaining({ path: ["url"] })]);
      }
      const allowed = await rest("POST", "/webhooks", {
        body: { url: "https://hooks.example.com/in", events: ["booking.created"] },
        headers: { cookie },
      });
      expect(allowed.status).toBe(201);
    } finally {
      setEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: undefined });
    }
  });

  it("checks the address a name resolves to when it connects, so DNS cannot point a delivery inside", async () => {
    // localhost resolves to a loopback address: refused before any byte is sent.
    const receiver = await startWebhookReceiver();
    try {
      const port = new URL(receiver.url).port;
      const result = await postWebhook(`http://localhost:${port}/hooks`, "{}", {}, false);
      expect(result).toMatchObject({ ok: false, status: null, error: expect.stringContaining("private address") });
      const literal = await postWebhook(`http://127.0.0.1:${port}/hooks`, "{}", {}, false);
      expect(literal.ok).toBe(false);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it("stops deliveries to an endpoint stored before the rule, instead of sending them", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: "false" });
    try {
      const db = await getDb();
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({ url: "http://169.254.169.254/latest", events: ["payment.completed"], secret: "whsec_AAAA" })
        .returning();
      // Written past the app (its rule refuses this URL now): the kept endpoints are forgotten by hand, as the app's own writes do.
      forgetReferenceData();
      await emitWebhookEvent(db, "payment.completed", {
        payment: { id: 1, customerId: 1, scheduleId: null, amount: 100, method: "cash", paymentDate: new Date().toISOString() },
      });
      const delivery = await waitFor(async () => {
        const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
        return row?.status === "failed" ? row : null;
      });
      expect(delivery).toMatchObject({ attempts: 0, lastError: "The URL must start with https://" });
    } finally {
      setEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: undefined });
    }
  });

  it("knows the private ranges", () => {
    for (const address of [
      "10.0.0.1",
      "100.64.0.1",
      "127.0.0.1",
      "169.254.169.254",
      "172.31.255.255",
      "192.168.0.1",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:192.168.1.1",
      "not-an-ip",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    expect(webhookUrlProblem("https://hooks.example.com/in", false)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:3000/in", true)).toBeNull();
  });
});

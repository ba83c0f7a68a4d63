import { desc } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db";
import { emailOutbox } from "@/server/db/schema";
import { registrationBody, rest } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { deliverEmail } from "./deliver-email";
import { REMOVED_SECRET, sendEmail } from "./send-email";
import { startSmtpServer } from "#test/doubles/smtp-server";
import { greetingName, verificationEmail } from "./templates/accounts";

async function latestOutboxRow() {
  const [row] = await (await getDb()).select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  return row!;
}

afterEach(() => {
  setEnv({ SMTP_URL: undefined, NODE_ENV: "test", DEMO_MODE: undefined, APP_URL: undefined });
  vi.restoreAllMocks();
});

describe("emails with links", () => {
  it("are kept in the outbox without their live token once SMTP has sent them", async () => {
    const smtp = await startSmtpServer();
    try {
      setEnv({ SMTP_URL: smtp.url });
      const email = `sent.${Date.now()}@example.com`;
      expect((await rest("POST", "/customer/register", { body: registrationBody({ email }) })).status).toBe(201);
      // The registration queued the email; the send job's work, done here in the open.
      await deliverEmail(await getDb(), (await latestOutboxRow()).id, { last: false });
      const delivered = smtp.messages.at(-1)!;
      const token = /verify=([a-z0-9]+)/.exec(delivered.text ?? "")?.[1];
      expect(token).toMatch(/^[a-z0-9]{32}$/);

      const row = await latestOutboxRow();
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.body).not.toContain(token);
      expect(row.body).toContain(REMOVED_SECRET);
    } finally {
      await smtp.close();
    }
  });

  it("never write a live token to the log of a production server, and keep it in the unsent outbox", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    setEnv({ NODE_ENV: "production", APP_URL: "https://greenscape.example" });
    const db = await getDb();
    const queued = await sendEmail(
      db,
      verificationEmail(
        { email: "prod@example.com", fullName: "Pat" },
        { url: "https://x.example/customer/login?verify=secrettoken123", token: "secrettoken123" },
      ),
    );
    await deliverEmail(db, queued!, { last: false });
    const logged = log.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain("prod@example.com");
    expect(logged).not.toContain("secrettoken123");
    expect((await latestOutboxRow()).body).toContain("secrettoken123");

    // In development (and in the deliberate demo mode) the log is the inbox, links included.
    setEnv({ NODE_ENV: "development" });
    const demo = await sendEmail(
      db,
      verificationEmail(
        { email: "demo@example.com", fullName: "Pat" },
        { url: "https://x.example/?verify=demotoken456", token: "demotoken456" },
      ),
    );
    await deliverEmail(db, demo!, { last: false });
    expect(String(log.mock.calls.at(-1)![0])).toContain("demotoken456");
  });
});

describe("a stranger's words in our emails", () => {
  it("are only a name, and only when it reads as one", () => {
    expect(greetingName("  Rosa   Díaz ")).toBe("Rosa Díaz");
    expect(greetingName("Mary-Jo O'Neil")).toBe("Mary-Jo O'Neil");
    expect(greetingName("J.R. Smith")).toBe("J.R. Smith");
    expect(greetingName("Rosa\nYour account is locked")).toBe("Rosa Your account is locked");
    for (const loaded of [
      "Visit http://evil.example now",
      "claim at www.prize.example",
      "bit.ly/abc",
      "evil.example",
      "<a href=x>Rosa</a>",
      "support@evil.example",
      "x".repeat(61),
      "\u0000\u200b",
    ]) {
      expect(greetingName(loaded), loaded).toBe("there");
    }
  });

  it("cannot carry a link through a registration into someone's inbox", async () => {
    const email = `target.${Date.now()}@example.com`;
    await rest("POST", "/customer/register", {
      body: registrationBody({ email, fullName: "Your refund is ready at refunds-center.example" }),
    });
    const row = await latestOutboxRow();
    expect(row.to).toBe(email);
    expect(row.body.startsWith("Hi there,")).toBe(true);
    expect(row.body).not.toContain("refunds-center");
    for (const typed of ["500 E 6th St", "5125550199"]) expect(row.body).not.toContain(typed);
  });
});

import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";

/**
 * A small stand-in for Twilio's Programmable Messaging API, for tests: the real `twilio` client
 * talks to it over HTTP (TWILIO_API_BASE_URL), and it keeps what was sent the way Twilio would see
 * it. It answers as Twilio does: 201 with the message and a MessageSid; 400 with Twilio's error
 * code for a number told to refuse (21211 invalid, 21610 unsubscribed); and once told, a failure for
 * the next request (a 503, or the connection closed without an answer).
 *
 * It also plays Twilio's side of the webhooks, signed with X-Twilio-Signature from the auth token
 * exactly as Twilio signs them: `reportStatus` posts a status callback to the URL the app gave, and
 * `textFrom` posts an inbound text to the app's messaging webhook.
 *
 * Over HTTP, for browser journeys (e2e/fixtures/twilio-stand-in.ts): `GET /test/messages` lists
 * what was sent, `POST /test/inbound` (JSON `{ from, body }`) texts the app, and
 * `POST /test/status` (JSON `{ sid, status, errorCode? }`) reports a text's status.
 */
export interface SentText {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: string;
  sentAt: Date;
}

export interface TwilioStandInOptions {
  accountSid?: string;
  authToken?: string;
  /** The app's inbound messaging webhook, for `textFrom`. */
  inboundUrl?: string;
  /** The number the business texts from (Twilio's `To` on inbound texts). */
  businessNumber?: string;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  sent: SentText[];
  /** Numbers refused with this Twilio error code (21211 invalid number, 21610 unsubscribed). */
  refuse: Map<string, number>;
  /** The next send request fails this way: a 503 answer, or the connection closed unanswered. */
  failNext(how: "busy" | "hang-up"): void;
  /** Posts a signed status callback for a sent text, as Twilio reports delivery. */
  reportStatus(sid: string, status: string, errorCode?: number): Promise<Response>;
  /** Posts a signed inbound text from `from`, as Twilio delivers a customer's text. */
  textFrom(from: string, body: string, options?: { sid?: string; url?: string }): Promise<Response>;
  /** The signature Twilio would put on a request to `url` with these form fields. */
  sign(url: string, params: Record<string, string>): string;
  close(): Promise<void>;
}

const ERRORS: Record<number, string> = {
  21211: "The 'To' number is not a valid phone number.",
  21610: "Attempt to send to unsubscribed recipient",
  21614: "'To' number is not a valid mobile number",
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startTwilioStandIn(listenPort = 0, options: TwilioStandInOptions = {}): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? `AC${"0".repeat(31)}1`;
  const authToken = options.authToken ?? "twilio-stand-in-auth-token";
  const businessNumber = options.businessNumber ?? "+15125550100";
  const sent: SentText[] = [];
  const refuse = new Map<string, number>();
  let nextFailure: "busy" | "hang-up" | null = null;

  const sign = (url: string, params: Record<string, string>) => getExpectedTwilioSignature(authToken, url, params);

  async function post(url: string, params: Record<string, string>) {
    return fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sign(url, params) },
      body: new URLSearchParams(params).toString(),
    });
  }

  async function reportStatus(sid: string, status: string, errorCode?: number) {
    const text = sent.find((entry) => entry.sid === sid);
    if (!text?.statusCallback) throw new Error(`No text ${sid} with a status callback`);
    text.status = status;
    const params: Record<string, string> = { MessageSid: sid, MessageStatus: status, AccountSid: accountSid, To: text.to };
    if (errorCode !== undefined) params.ErrorCode = String(errorCode);
    return post(text.statusCallback, params);
  }

  async function textFrom(from: string, body: string, extra: { sid?: string; url?: string } = {}) {
    const url = extra.url ?? options.inboundUrl;
    if (!url) throw new Error("The stand-in was started without the app's inbound URL");
    const sid = extra.sid ?? `SM${randomBytes(16).toString("hex")}`;
    return post(url, { MessageSid: sid, AccountSid: accountSid, From: from, To: businessNumber, Body: body, NumMedia: "0" });
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const body = await readBody(request);
    if (url.pathname === "/test/messages" && request.method === "GET") return json(response, 200, sent);
    if (url.pathname === "/test/inbound" && request.method === "POST") {
      const { from, body: text, sid } = JSON.parse(body) as { from: string; body: string; sid?: string };
      const answer = await textFrom(from, text, { sid });
      return json(response, 200, { status: answer.status, body: await answer.text() });
    }
    if (url.pathname === "/test/status" && request.method === "POST") {
      const { sid, status, errorCode } = JSON.parse(body) as { sid: string; status: string; errorCode?: number };
      const answer = await reportStatus(sid, status, errorCode);
      return json(response, 200, { status: answer.status });
    }
    const match = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
    if (!match || request.method !== "POST")
      return json(response, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (match[1] !== accountSid || request.headers.authorization !== expected) {
      return json(response, 401, { code: 20003, message: "Authentication Error - invalid username", status: 401 });
    }
    const failure = nextFailure;
    nextFailure = null;
    if (failure === "hang-up") return request.socket.destroy();
    if (failure === "busy") return json(response, 503, { code: 20503, message: "Service unavailable", status: 503 });
    const params = new URLSearchParams(body);
    const to = params.get("To") ?? "";
    const refusal = refuse.get(to);
    if (refusal !== undefined) return json(response, 400, { code: refusal, message: ERRORS[refusal] ?? "Refused", status: 400 });
    const text: SentText = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      accountSid,
      to,
      from: params.get("From"),
      messagingServiceSid: params.get("MessagingServiceSid"),
      body: params.get("Body") ?? "",
      statusCallback: params.get("StatusCallback"),
      status: "queued",
      sentAt: new Date(),
    };
    sent.push(text);
    return json(response, 201, {
      sid: text.sid,
      account_sid: accountSid,
      to: text.to,
      from: text.from ?? businessNumber,
      messaging_service_sid: text.messagingServiceSid,
      body: text.body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      date_created: text.sentAt.toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    sent,
    refuse,
    failNext: (how) => {
      nextFailure = how;
    },
    reportStatus,
    textFrom,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

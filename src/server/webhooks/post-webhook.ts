import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress } from "./url-safety";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const KEPT_RESPONSE_BYTES = 500;

export interface PostResult {
  ok: boolean;
  status: number | null;
  /** Why the attempt failed, in words for staff. */
  error: string | null;
}

/**
 * Resolves the name, refuses it when any of its addresses is private, and connects to exactly the
 * address it checked, so a DNS answer that changes between the check and the connection (DNS
 * rebinding) cannot slip through.
 */
function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: "EPRIVATE" }), "", 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * POSTs one signed delivery. Success is a 2xx answer within ten seconds; redirects are not followed
 * (a redirect could point anywhere), and only the start of the answer is kept for staff to read.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<PostResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.resolve({ ok: false, status: null, error: "The endpoint's address is private" });
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "GreenScape-Webhooks/1.0",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        lookup: allowPrivate ? undefined : publicOnlyLookup(),
        timeout: WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let kept = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (kept.length < KEPT_RESPONSE_BYTES) kept += chunk.slice(0, KEPT_RESPONSE_BYTES - kept.length);
          else response.destroy();
        });
        const done = () => {
          const ok = status >= 200 && status < 300;
          resolve({ ok, status, error: ok ? null : `The endpoint answered ${status}${kept ? `: ${kept.trim()}` : ""}` });
        };
        response.on("end", done);
        response.on("close", done);
      },
    );
    request.on("timeout", () => request.destroy(new Error("No answer within 10 seconds")));
    request.on("error", (error) => resolve({ ok: false, status: null, error: describeNetworkError(error) }));
    request.end(body);
  });
}

function describeNetworkError(error: Error & { code?: string }): string {
  if (error.name === "TimeoutError" || error.name === "AbortError") return "No answer within 10 seconds";
  if (error.code === "ECONNREFUSED") return "The connection was refused";
  if (error.code === "ENOTFOUND") return "The host name was not found";
  return error.message;
}

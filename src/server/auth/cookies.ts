import { config } from "@/server/config";

export type SessionKind = "staff" | "customer";

/** Secure cookies (and the __Host- prefix) in production; COOKIE_SECURE=false for plain-http demos. */
export function cookiesAreSecure(): boolean {
  return config().secureCookies;
}

export function sessionCookieName(kind: SessionKind): string {
  const name = `${kind}_session`;
  return cookiesAreSecure() ? `__Host-${name}` : name;
}

export function serializeSessionCookie(kind: SessionKind, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return serialize(sessionCookieName(kind), token, maxAge);
}

export function serializeClearedSessionCookie(kind: SessionKind): string {
  return serialize(sessionCookieName(kind), "", 0);
}

/** The long-lived cookie that marks a browser which signed in to an account before. */
export function deviceCookieName(kind: SessionKind): string {
  const name = `${kind}_device`;
  return cookiesAreSecure() ? `__Host-${name}` : name;
}

export function deviceTokenFrom(headers: Headers, kind: SessionKind): string | null {
  return readCookie(headers.get("cookie"), deviceCookieName(kind));
}

/** The Set-Cookie values a successful sign-in sends: the session, and the device that made it. */
export function signInCookies(
  kind: SessionKind,
  signedIn: { token: string; cookieExpiresAt: Date; device: { token: string; expiresAt: Date } },
): string[] {
  const deviceMaxAge = Math.max(0, Math.floor((signedIn.device.expiresAt.getTime() - Date.now()) / 1000));
  return [
    serializeSessionCookie(kind, signedIn.token, signedIn.cookieExpiresAt),
    serialize(deviceCookieName(kind), signedIn.device.token, deviceMaxAge),
  ];
}

/**
 * The secret of the browser that registered with a booking's email: opened there, the emailed
 * link keeps the password typed (docs/product-rules.md#customer-accounts-and-claiming). It lives
 * as long as the link.
 */
export function claimCookieName(): string {
  return cookiesAreSecure() ? "__Host-customer_claim" : "customer_claim";
}

export function serializeClaimCookie(browserProof: string, maxAgeSeconds: number): string {
  return serialize(claimCookieName(), browserProof, maxAgeSeconds);
}

export function serializeClearedClaimCookie(): string {
  return serialize(claimCookieName(), "", 0);
}

export function claimProofFrom(headers: Headers): string | null {
  return readCookie(headers.get("cookie"), claimCookieName());
}

function serialize(name: string, value: string, maxAge: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (cookiesAreSecure()) parts.push("Secure");
  return parts.join("; ");
}

export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim() || null;
  }
  return null;
}

/**
 * Moves the Set-Cookie values our cookie helpers write (src/server/auth/cookies.ts) onto a server
 * action's response, and onto a copy of the request for a later call in the same action.
 */
export interface CookieJar {
  set(
    name: string,
    value: string,
    options: { path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: "lax" | "strict" | "none"; maxAge?: number },
  ): unknown;
}

export interface ParsedSetCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: "lax" | "strict" | "none";
  maxAge?: number;
}

export function parseSetCookie(header: string): ParsedSetCookie {
  const [pair = "", ...attributes] = header.split(";");
  const separator = pair.indexOf("=");
  const parsed: ParsedSetCookie = {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    httpOnly: false,
    secure: false,
  };
  for (const attribute of attributes) {
    const [key = "", rawValue = ""] = attribute.split("=");
    const value = rawValue.trim();
    switch (key.trim().toLowerCase()) {
      case "path":
        parsed.path = value;
        break;
      case "httponly":
        parsed.httpOnly = true;
        break;
      case "secure":
        parsed.secure = true;
        break;
      case "samesite":
        parsed.sameSite = value.toLowerCase() as ParsedSetCookie["sameSite"];
        break;
      case "max-age":
        parsed.maxAge = Number(value);
        break;
    }
  }
  return parsed;
}

export function applySetCookie(jar: CookieJar, header: string) {
  const { name, value, ...options } = parseSetCookie(header);
  jar.set(name, value, options);
}

/** The request headers as the browser will send them once it stores these cookies. */
export function withSetCookies(requestHeaders: Headers, setCookies: string[]): Headers {
  if (setCookies.length === 0) return requestHeaders;
  const jar = new Map<string, string>();
  for (const part of (requestHeaders.get("cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0) jar.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  for (const header of setCookies) {
    const { name, value, maxAge } = parseSetCookie(header);
    if (maxAge === 0) jar.delete(name);
    else jar.set(name, value);
  }
  requestHeaders.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return requestHeaders;
}

import { getDb } from "@/server/db";
import { appUrl } from "@/server/email/app-url";
import { unsubscribeFromReminders } from "@/server/notifications/preferences";
import { NotFoundError } from "@/server/errors";

/**
 * A person who opens the one-click address (a mail program showing the List-Unsubscribe link, or a
 * copied link) is sent to the page that confirms and offers the button. Only the POST turns
 * reminders off (RFC 8058): mail scanners follow links with GET, and must change nothing.
 */
export function GET(request: Request) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 100);
  return Response.redirect(appUrl(`/unsubscribe${token ? `?token=${encodeURIComponent(token)}` : ""}`), 303);
}

/**
 * Turns reminders off for the customer whose token is in the address. Mail programs POST here when
 * the reader presses their own unsubscribe button (List-Unsubscribe-Post, RFC 8058); the page's
 * button posts here too and is sent back to the page.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const fromBrowser = (request.headers.get("accept") ?? "").includes("text/html");
  let outcome: "1" | "invalid" = "1";
  try {
    await unsubscribeFromReminders(await getDb(), token.slice(0, 100));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    outcome = "invalid";
  }
  if (fromBrowser) {
    return Response.redirect(
      appUrl(`/unsubscribe?done=${outcome}${outcome === "invalid" ? "" : `&token=${encodeURIComponent(token)}`}`),
      303,
    );
  }
  return new Response(outcome === "1" ? "Unsubscribed from visit reminders.\n" : "Unknown unsubscribe link.\n", {
    status: outcome === "1" ? 200 : 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

import { calendarForToken } from "@/server/calendar/feeds";
import { getDb } from "@/server/db";

/**
 * A private iCalendar feed: the token in the address is the only credential, as calendar apps
 * cannot sign in. It lives outside /api because it answers text/calendar, not JSON.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const calendar = await calendarForToken(await getDb(), token.replace(/\.ics$/, ""));
  if (calendar === null) {
    return new Response("This calendar address is not valid or was replaced by a new one.\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return new Response(calendar, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="visits.ics"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}

import { eq } from "drizzle-orm";
import { BUSINESS } from "@/lib/business";
import { buildCalendar, type CalendarEvent } from "@/lib/ical";
import { formatPostalAddress } from "@/lib/postal-address";
import { generateToken, hashToken } from "@/server/auth/tokens";
import type { Db } from "@/server/db";
import { calendarFeeds } from "@/server/db/schema";
import { appUrl } from "@/server/email/app-url";
import { listVisitsBetween, type NotifiableVisit } from "@/server/schedules/notifiable-visits";

/** Whose feed: a staff member's holds every visit, a customer's only their own. */
export type FeedOwner = { staffUserId: number } | { customerId: number };

const DAY = 86_400_000;
/** A month back and a year ahead: what a calendar needs, without years of history on every fetch. */
const PAST_DAYS = 31;
const FUTURE_DAYS = 366;
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

function ownerFilter(owner: FeedOwner) {
  return "staffUserId" in owner ? eq(calendarFeeds.staffUserId, owner.staffUserId) : eq(calendarFeeds.customerId, owner.customerId);
}

export function calendarFeedUrl(token: string): string {
  return appUrl(`/feeds/calendar/${token}.ics`);
}

export async function getCalendarFeed(db: Db, owner: FeedOwner) {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(ownerFilter(owner));
  return { active: Boolean(feed), createdAt: feed?.createdAt ?? null, lastUsedAt: feed?.lastUsedAt ?? null };
}

/**
 * A new private address for the owner's feed; an older address stops working at once. The address
 * is shown this once: only the hash of its token is kept.
 */
export async function createCalendarFeed(db: Db, owner: FeedOwner) {
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx.delete(calendarFeeds).where(ownerFilter(owner));
    await tx.insert(calendarFeeds).values({ tokenHash: hashToken(token), ...owner });
  });
  return { url: calendarFeedUrl(token) };
}

export async function revokeCalendarFeed(db: Db, owner: FeedOwner) {
  await db.delete(calendarFeeds).where(ownerFilter(owner));
}

/** The iCalendar text behind a feed address, or null when the address is unknown or revoked. */
export async function calendarForToken(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) return null;
  await db.update(calendarFeeds).set({ lastUsedAt: now }).where(eq(calendarFeeds.id, feed.id));

  const visits = await listVisitsBetween(db, {
    from: new Date(now.getTime() - PAST_DAYS * DAY),
    to: new Date(now.getTime() + FUTURE_DAYS * DAY),
    // A customer's feed holds only the visits the account owns (docs/product-rules.md#who-owns-a-visit).
    ownedBy: feed.customerId ?? undefined,
    statuses: ["pending", "confirmed", "completed"],
  });
  const forStaff = feed.staffUserId !== null;
  return buildCalendar({
    name: forStaff ? `${BUSINESS.name} visits` : `${BUSINESS.name}: my visits`,
    refreshMinutes: 60,
    now,
    events: visits.map((visit) => visitEvent(visit, forStaff)),
  });
}

export function visitLocation(visit: Pick<NotifiableVisit, "address" | "city" | "state" | "zipCode">): string | null {
  return formatPostalAddress(visit) || null;
}

function visitEvent(visit: NotifiableVisit, forStaff: boolean): CalendarEvent {
  const service = visit.service?.name ?? "Lawn and garden visit";
  return {
    uid: `visit-${visit.id}@greenscapeaustin.com`,
    start: visit.startTime,
    end: visit.endTime,
    summary: forStaff ? `${service}: ${visit.customerName}` : `${BUSINESS.name}: ${service}`,
    location: visitLocation(visit),
    description: [
      `Status: ${visit.status}`,
      forStaff && visit.notes ? `Notes: ${visit.notes}` : null,
      forStaff ? null : `Questions? Call ${BUSINESS.phone}.`,
    ]
      .filter(Boolean)
      .join("\n"),
    url: forStaff ? appUrl("/schedule") : appUrl("/customer/account"),
    status: visit.status === "pending" ? "TENTATIVE" : "CONFIRMED",
  };
}

"use client";

import { CalendarPlus, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatBusinessDate } from "@/lib/business-time";
import { copyToClipboard } from "./copy-to-clipboard";

interface Feed {
  active: boolean;
  createdAt: Date | null;
  lastUsedAt: Date | null;
}

interface Props {
  /** "every visit" for staff, "your visits" for a customer. */
  what: string;
  feed: { data?: Feed; isPending: boolean; isError: boolean };
  create: () => Promise<{ url: string }>;
  revoke: () => Promise<unknown>;
  busy: boolean;
}

/**
 * A private calendar address to subscribe to in Google Calendar, Apple Calendar or Outlook. The
 * address is shown once; a new one replaces it, and turning it off stops it at once.
 */
export function CalendarFeedCard({ what, feed, create, revoke, busy }: Props) {
  const [url, setUrl] = useState<string | null>(null);

  const make = async () => {
    try {
      setUrl((await create()).url);
    } catch (error) {
      toast({ title: "Could not create the calendar address", description: errorMessage(error), variant: "destructive" });
    }
  };
  const stop = async () => {
    if (!window.confirm("Turn off the calendar feed? Calendars subscribed to it stop updating.")) return;
    try {
      await revoke();
      setUrl(null);
      toast({ title: "Calendar feed turned off" });
    } catch (error) {
      toast({ title: "Could not turn off the feed", description: errorMessage(error), variant: "destructive" });
    }
  };
  const copy = (text: string) =>
    copyToClipboard(text, {
      copied: "Paste it into your calendar app as a subscription.",
      fallback: "Select the address and copy it by hand.",
    });

  return (
    <section aria-labelledby="calendar-feed-heading" className="space-y-3">
      <div>
        <h2 id="calendar-feed-heading" className="text-lg font-semibold text-gray-900">
          Calendar feed
        </h2>
        <p className="text-sm text-gray-700">
          See {what} in Google Calendar, Apple Calendar or Outlook: subscribe to a private address that updates by itself. Keep it to
          yourself: anyone with the address can see the visits.
        </p>
      </div>
      {feed.isPending ? (
        <Spinner label="Loading calendar feed" />
      ) : feed.isError ? (
        <p className="text-sm text-red-700">The calendar feed could not be loaded.</p>
      ) : (
        <>
          {url ? (
            <div role="status" className="space-y-2 rounded-lg border border-brand-300 bg-brand-50 p-3 text-sm">
              <p className="font-semibold text-brand-900">Your calendar address (shown this once):</p>
              <code
                data-testid="calendar-feed-url"
                className="block w-full rounded bg-white px-2 py-2 break-all text-gray-900 ring-1 ring-brand-200"
              >
                {url}
              </code>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => copy(url)}>
                  <Copy aria-hidden="true" className="size-4" /> Copy
                </Button>
                <a
                  className="inline-flex min-h-9 items-center px-3 text-sm font-semibold text-brand-700 underline"
                  href={url.replace(/^https?:/, "webcal:")}
                >
                  Open in my calendar app
                </a>
              </div>
            </div>
          ) : feed.data?.active ? (
            <p className="text-sm text-gray-700">
              A feed is on since {formatBusinessDate(feed.data.createdAt!, "MMM d, yyyy")}
              {feed.data.lastUsedAt ? `; last read by a calendar ${formatBusinessDate(feed.data.lastUsedAt, "MMM d, h:mm a")}` : ""}.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant={feed.data?.active ? "outline" : "primary"} onClick={make} disabled={busy}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {feed.data?.active ? "Get a new address" : "Create calendar address"}
            </Button>
            {feed.data?.active ? (
              <Button variant="ghost" onClick={stop} disabled={busy}>
                Turn off
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { restRequest } from "@/lib/rest-client";
import type { TAvailabilityResponse } from "@/server/schedules/schemas";

/** What the wizard reads of GET /api/availability (fields JSON carries unchanged): which slots can still be booked. */
export interface DayAvailability {
  slots: Array<Pick<TAvailabilityResponse["slots"][number], "time" | "available">>;
}

// Bumped after a booking (or a refused one) so a shown day asks the server again.
let generation = 0;
const listeners = new Set<() => void>();

export function invalidateAvailability() {
  generation += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The day's availability for a service, fetched over REST so the booking page needs no tRPC
 * client. A failed check gives no data: the wizard then offers every slot and the server has the
 * last word when the booking is sent.
 */
export function useAvailability(date: string, serviceId: number | undefined, enabled: boolean) {
  const current = useSyncExternalStore(
    subscribe,
    () => generation,
    () => 0,
  );
  const key = `${date}|${serviceId ?? ""}|${current}`;
  const [answer, setAnswer] = useState<{ key: string; data: DayAvailability | null } | null>(null);

  useEffect(() => {
    if (!enabled || serviceId === undefined) return;
    let stale = false;
    const query = new URLSearchParams({ date, serviceId: String(serviceId) });
    void restRequest<TAvailabilityResponse>("GET", `/availability?${query}`).then((result) => {
      if (!stale) setAnswer({ key, data: result.ok ? result.data : null });
    });
    return () => {
      stale = true;
    };
  }, [key, date, serviceId, enabled]);

  const answered = answer?.key === key;
  return { data: answered ? (answer.data ?? undefined) : undefined, isPending: !answered };
}

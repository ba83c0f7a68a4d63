import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";

/** "Mon, Apr 21" for an Austin day. */
export const formatDay = (day: string) => formatBusinessDate(startOfBusinessDay(day), "EEE, MMM d");

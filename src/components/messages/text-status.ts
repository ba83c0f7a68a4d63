import type { SegmentCount } from "@/lib/text-segments";
import type { TextStatus } from "@/lib/texts";

/** How staff screens name a text's status, and its badge's colours. */
export const TEXT_STATUS_LOOKS: Record<TextStatus, { label: string; className: string }> = {
  queued: { label: "Queued", className: "bg-gray-100 text-gray-800" },
  sending: { label: "Sending", className: "bg-gray-100 text-gray-800" },
  sent: { label: "Sent", className: "bg-blue-100 text-blue-900" },
  delivered: { label: "Delivered", className: "bg-green-100 text-green-900" },
  undelivered: { label: "Not delivered", className: "bg-red-100 text-red-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
  outbox: { label: "In outbox (texts are off)", className: "bg-blue-100 text-blue-900" },
  skipped: { label: "Not sent", className: "bg-amber-100 text-amber-900" },
};

export interface TextDelivery {
  status: TextStatus;
  errorCode: number | null;
  error: string | null;
}

/**
 * What became of a staff text, in one line: its status, and why when it failed or was not sent
 * (with Twilio's error code, which its documentation explains).
 */
export function deliveryLine(delivery: TextDelivery): { label: string; reason: string | null; problem: boolean } {
  const { label } = TEXT_STATUS_LOOKS[delivery.status];
  const problem = delivery.status === "failed" || delivery.status === "undelivered" || delivery.status === "skipped";
  if (!problem) return { label, reason: null, problem };
  const code = delivery.errorCode === null ? "" : ` (error ${delivery.errorCode})`;
  return { label, reason: delivery.error ? `${delivery.error}${code}` : code.trim() || null, problem };
}

/** The composer's count while writing a text: "118 / 160 · 1 text", or "UCS-2: 2 texts" with an emoji. */
export function segmentCounterLabel(count: SegmentCount): string {
  const texts = `${count.segments} ${count.segments === 1 ? "text" : "texts"}`;
  const room = `${count.units} / ${count.units + count.remaining}`;
  return count.encoding === "UCS-2" ? `${room} · UCS-2: ${texts}` : `${room} · ${texts}`;
}

import type { QueuedAction } from "./field-queue";

export type SendOutcome =
  /** Applied now, or earlier (a replay answers the first result). */
  | { kind: "applied" }
  /** The server answered and will not apply it: the office's version won, the visit is gone, ... */
  | { kind: "refused"; message: string }
  /** No answer (no signal, the server away): it stays in the queue and goes again later. */
  | { kind: "unsent" };

function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** One queued action to the REST API, with its idempotency key, so sending it twice applies it once. */
export async function sendAction(action: QueuedAction): Promise<SendOutcome> {
  const body: Record<string, unknown> = { ...action.body };
  if (action.kind === "photos") {
    if (!action.photo) return { kind: "refused", message: "The photo was lost on the phone; take it again." };
    body.photo = await blobToBase64(action.photo);
  } else body.seenVersion = action.seenVersion;
  let response: Response;
  try {
    response = await fetch(`/api/crew/visits/${encodeURIComponent(action.visitId)}/${action.kind}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Idempotency-Key": action.key },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "unsent" };
  }
  if (response.ok) return { kind: "applied" };
  // Signed out, the server starting or unavailable, too many requests: try again later.
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500) return { kind: "unsent" };
  const answer = (await response.json().catch(() => null)) as { message?: string } | null;
  return { kind: "refused", message: answer?.message ?? "The server did not apply this action." };
}

import type { ApiErrorBody } from "@/server/api/error-mapping";

export type { ApiErrorBody };

export function jsonError(status: number, body: ApiErrorBody, headers?: HeadersInit): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export const MAX_BODY_BYTES = 100 * 1024;

export const CROSS_SITE_REFUSED: ApiErrorBody = {
  message: "This request came from another website and was refused.",
  code: "FORBIDDEN",
};

/** The 413 answer, naming the limit that applied (100 kB, or an operation's own: photos). */
export function bodyTooLarge(limit = MAX_BODY_BYTES): ApiErrorBody {
  const size = limit < 1024 * 1024 ? `${Math.round(limit / 1024)} kB` : `${Number((limit / (1024 * 1024)).toFixed(1))} MB`;
  return { message: `The request body is too large (the limit is ${size}).`, code: "PAYLOAD_TOO_LARGE" };
}

/**
 * The request body as text, or null when it is larger than the limit. Content-Length is checked
 * first; a chunked body is counted as it streams so an oversized one is never held whole.
 */
export async function readBodyWithinLimit(request: Request, limit = MAX_BODY_BYTES): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

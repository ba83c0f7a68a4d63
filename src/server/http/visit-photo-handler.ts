import { describeFailure, errorBody } from "@/server/api/error-mapping";
import { createTRPCContext, crewScopeOf, requireStaff } from "@/server/api/trpc";
import { readPhotoForCustomer, readPhotoForStaff, type StoredPhoto } from "@/server/crew-day/photos";
import { getDb } from "@/server/db";
import { NotFoundError, UnauthorizedError } from "@/server/errors";
import { jsonError } from "./json-response";

const PATH = /^\/api\/visit-photos\/(\d{1,9})$/;

/**
 * A crew's photo of a visit, as the image itself: staff see any visit's (a crew member only their
 * crew's), a customer a completed visit their account owns (docs/product-rules.md#who-owns-a-visit).
 * Anyone else, or any other photo, reads as not found; nobody signed in gets 401, and a staff member
 * who must still choose their own password gets the 403 every staff operation answers them.
 */
export async function handleVisitPhoto(request: Request): Promise<Response> {
  const match = PATH.exec(new URL(request.url).pathname);
  try {
    if (!match) throw new NotFoundError("Photo not found");
    const photoId = Number(match[1]);
    const { auth } = await createTRPCContext({ headers: request.headers, resHeaders: new Headers() });
    const db = await getDb();
    let photo: StoredPhoto;
    if ((await auth.staff()) || (await auth.apiKey())) {
      // The staff check every staff operation makes, so a generated first password opens nothing here either.
      const staff = await requireStaff(auth, undefined);
      photo = await readPhotoForStaff(db, photoId, crewScopeOf(staff));
    } else {
      const customer = await auth.customer();
      if (!customer) throw new UnauthorizedError("Please sign in to see this photo.");
      photo = await readPhotoForCustomer(db, customer.customer.id, photoId);
    }
    return new Response(new Uint8Array(photo.data), {
      headers: {
        "Content-Type": photo.contentType,
        "Content-Length": String(photo.data.byteLength),
        // Who may see it is checked on every request: no shared cache keeps it.
        "Cache-Control": "private, max-age=300",
      },
    });
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.status === 500) console.error("GET /api/visit-photos:", error);
    const headers = failure.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
    return jsonError(failure.status, errorBody(failure), headers);
  }
}

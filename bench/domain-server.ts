// The booking's own code without the app around it (bench/booking-layers.mjs): a bare node:http
// server that parses the body, validates it with the booking's schema and calls bookWithinLimits
// on the app's database handle, as the REST path does. No Next.js in the process, no REST handler,
// tRPC, context, output validation or security headers, and no job worker: what the app spends
// beyond this is its framework's; what this spends beyond the floor (bench/floor-server.mjs) is
// the booking's code and its database work.
//
//   DATABASE_URL=postgres://… APP_URL=http://localhost:3311 PORT=3311 node --import tsx bench/domain-server.ts
import "@/server/app/install";
import http from "node:http";
import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { bookWithinLimits } from "@/server/booking/booking-limits";
import { closeDatabase, getDb } from "@/server/db";

const db = await getDb();

function answer(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const server = http.createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/api/bookings") return answer(response, 404, { message: "Not found" });
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const ip = String(request.headers["x-forwarded-for"] ?? request.socket.remoteAddress);
    Promise.resolve()
      .then(() => ZCreateBookingRequestSchema.parse(JSON.parse(Buffer.concat(chunks).toString("utf8"))))
      .then((input) => bookWithinLimits(db, { request: input, signedInCustomerId: null, ip }))
      .then(
        (booking) => answer(response, 201, booking),
        (error: Error) => answer(response, 409, { message: error.message }),
      );
  });
});
server.listen(Number(process.env.PORT ?? 3311), "127.0.0.1", () => console.log("domain server listening"));
process.on("SIGTERM", () => server.close(() => void closeDatabase().then(() => process.exit(0))));

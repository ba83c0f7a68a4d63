// One more app instance for the multi-instance test (test/many-instances.test.ts): node:http
// serving /api/* through the same fast path as scripts/server.mjs, on the database that
// DATABASE_URL names, on a free port that it prints once listening.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { closeDatabase } from "../../../src/server/db";
import { serveApiRequest } from "../../../src/server/http/api-server";
import { stampClientAddress } from "../../../src/server/api/client-address.mjs";

const server = http.createServer((request, response) => {
  stampClientAddress(request, 0);
  if (!serveApiRequest(request, response)) {
    response.writeHead(404);
    response.end();
  }
});
server.listen(0, "127.0.0.1", () => console.log(`listening on ${(server.address() as AddressInfo).port}`));

process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void closeDatabase().finally(() => process.exit(0));
});

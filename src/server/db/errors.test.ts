import { describe, expect, it } from "vitest";
import { databaseUnavailableStage, isDataException, isForeignKeyViolation, isUniqueViolation, postgresErrorCode } from "./errors";

/** A driver error as Drizzle hands it on: wrapped in its own query error. */
const wrapped = (cause: object) => new Error("Failed query: select 1", { cause: Object.assign(new Error("driver"), cause) });

describe("databaseUnavailableStage", () => {
  it.each([
    ["nothing listens", { code: "ECONNREFUSED", syscall: "connect" }, "could not connect"],
    ["no such host", { code: "ENOTFOUND", syscall: "getaddrinfo" }, "could not connect"],
    ["postgres.js gave up connecting", { code: "CONNECT_TIMEOUT" }, "could not connect"],
    ["any other socket failure while connecting", { code: "EACCES", syscall: "connect" }, "could not connect"],
    ["the socket closed mid-query", { code: "CONNECTION_CLOSED" }, "connection lost"],
    ["the socket was reset", { code: "ECONNRESET", syscall: "read" }, "connection lost"],
    ["the pool was ended", { code: "CONNECTION_ENDED" }, "connection lost"],
    ["a connection exception", { code: "08006", severity: "ERROR" }, "connection lost"],
    ["the server could not be reached by the client library", { code: "08001" }, "could not connect"],
    ["an administrator stopped the server", { code: "57P01", severity: "FATAL" }, "server shutting down"],
    ["the server crashed", { code: "57P02", severity: "FATAL" }, "server shutting down"],
    ["the server is starting", { code: "57P03", severity: "FATAL" }, "server starting"],
    ["too many clients", { code: "53300", severity: "FATAL" }, "too many clients"],
    ["the database refuses connections", { code: "55000", severity: "FATAL" }, "not accepting connections"],
    ["the database is gone", { code: "3D000", severity: "FATAL" }, "not accepting connections"],
    ["out of memory", { code: "53200", severity: "ERROR" }, "not accepting connections"],
    ["a statement timeout", { code: "57014", severity: "ERROR" }, "timeout"],
    ["an idle session timeout", { code: "57P05", severity: "FATAL" }, "timeout"],
  ])("%s: %s", (_case, cause, stage) => {
    expect(databaseUnavailableStage(wrapped(cause))).toBe(stage);
    expect(databaseUnavailableStage(Object.assign(new Error("bare"), cause))).toBe(stage);
  });

  it.each([
    ["a unique violation", { code: "23505", severity: "ERROR" }],
    ["a foreign key violation", { code: "23503", severity: "ERROR" }],
    ["a bad value", { code: "22P02", severity: "ERROR" }],
    ["a syntax error of ours", { code: "42601", severity: "ERROR" }],
    ["a Stripe error", { code: "resource_missing" }],
  ])("is not unavailability: %s", (_case, cause) => {
    expect(databaseUnavailableStage(wrapped(cause))).toBeNull();
  });

  it("is not unavailability for a plain error", () => {
    expect(databaseUnavailableStage(new Error("plain"))).toBeNull();
    expect(databaseUnavailableStage(null)).toBeNull();
  });
});

describe("PostgreSQL error codes", () => {
  it("reads the SQLSTATE through wrapped causes", () => {
    expect(postgresErrorCode(wrapped({ code: "23505" }))).toBe("23505");
    expect(postgresErrorCode(wrapped({ code: "ECONNREFUSED" }))).toBeUndefined();
    expect(isUniqueViolation(wrapped({ code: "23505" }))).toBe(true);
    expect(isForeignKeyViolation(wrapped({ code: "23503" }))).toBe(true);
    expect(isDataException(wrapped({ code: "22021" }))).toBe(true);
    expect(isDataException(wrapped({ code: "23505" }))).toBe(false);
  });
});

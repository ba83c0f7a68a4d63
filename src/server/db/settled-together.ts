import { postgresErrorCode } from "./errors";

/** PostgreSQL's answer to every statement after one failed in the same transaction. */
const TRANSACTION_ABORTED = "25P02";

/**
 * Awaits statements sent together on one transaction, every one of them, before judging any. With
 * `Promise.all` a failure seen early would end the transaction while another statement was still to
 * be sent, and postgres.js would send it after the rollback, outside any transaction. When several
 * failed, the one that made the others fail ("current transaction is aborted") is thrown.
 */
export async function settledTogether<const T extends readonly unknown[]>(
  statements: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(statements);
  const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  if (failures.length > 0) throw failures.find((failure) => postgresErrorCode(failure) !== TRANSACTION_ABORTED) ?? failures[0];
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

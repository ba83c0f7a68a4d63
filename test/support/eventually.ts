/**
 * Retries an assertion until it passes or `timeoutMs` runs out: for what another connection or
 * instance learns through a database notification, which arrives moments after the write commits.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Real time passing, for tests that run timers for real. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once `predicate` holds, looking every 10 ms; fails after `timeoutMs`, naming `what`. A test that counts
 * timer firings or waits for a push waits for what it needs instead of sleeping a fixed window: a busy machine delays
 * timers, it does not stop them.
 */
export async function waitFor(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

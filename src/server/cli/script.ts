/** What a failed command prints: the error's message and its cause's (a refused connection says why), not a stack. */
export function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/**
 * Runs a script's work when `mod` is the file node was started with (an `npm run …` command), and not when a test or
 * another module imports it. A failure is printed and ends the process with 1; how a run stops on Ctrl-C or SIGTERM is
 * the work's own concern.
 */
export function runAsScript(
  mod: NodeModule, work: () => Promise<unknown>, exit: (code: number) => void = process.exit, entry: NodeModule | undefined = require.main,
): boolean {
  if (entry !== mod) return false;
  work().catch((error: unknown) => {
    console.error(failureText(error));
    exit(1);
  });
  return true;
}

/**
 * A fixture of one test file (a server, a browser app): started before its tests and closed after them. The handle
 * forwards to the running fixture, so tests and hooks use it like the fixture itself.
 */
export function useFileFixture<T extends { close(): Promise<void> }>(what: string, start: () => Promise<T>, timeoutMs?: number): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.close();
  });
  // The proxy stands in for T until beforeAll has started it; every property is read from the running fixture.
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error(`The ${what} starts before the first test: use it in hooks and tests`);
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

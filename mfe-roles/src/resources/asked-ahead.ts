/**
 * Answers asked for ahead, while the code or the data that shows them still loads, so that two calls run
 * side by side instead of one after the other. Each is taken once, and only while fresh; a change clears
 * them (a page fetched before a change must never be shown after it).
 */
export function askedAhead<T>(freshMs = 5000) {
  const kept = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    keep(key: string, answer: Promise<T>): void {
      // An answer never taken that fails must not surface as an unhandled rejection.
      answer.catch(() => undefined);
      kept.set(key, { at: Date.now(), answer });
    },
    /** The answer kept under `key` while fresh; it is dropped either way. */
    take(key: string): Promise<T> | undefined {
      const found = kept.get(key);
      kept.delete(key);
      return found && Date.now() - found.at < freshMs ? found.answer : undefined;
    },
    clear(): void {
      kept.clear();
    },
  };
}

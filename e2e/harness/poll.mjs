// Retrying assertions: the console renders in steps (remotes load after the shell), so "the tabs are
// roles, users, …" is checked until it holds or the time is up; the last failure is what gets reported.

/**
 * Runs `check` until it stops throwing; rethrows its last error after `timeoutMs`.
 * @template T
 * @param {() => Promise<T>} check
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function eventually(check, { timeoutMs = 10_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/**
 * A write due at most once per period per key (a session's expiry, a user's last activity), done once by
 * this process however many requests find it due at the same time. Each request decided from what it read
 * (the session's row, the loaded user), which stays what it was until the write has committed and the
 * change clock moved: at 32 concurrent requests of one session, every request in flight when the minute
 * came round wrote again, each write moved the clock, and each move emptied every memo (about 460 moves in
 * five seconds, once a minute, in `npm run bench`'s API part: its p95 tail).
 */
export function oncePer(periodMs: number, maxKeys = 10_000): (key: string | number) => boolean {
  const doneAt = new Map<string | number, number>();
  return (key) => {
    const now = Date.now();
    const last = doneAt.get(key);
    if (last !== undefined && now - last < periodMs) return false;
    if (doneAt.size >= maxKeys) {
      for (const [known, at] of doneAt) if (now - at >= periodMs) doneAt.delete(known);
    }
    doneAt.set(key, now);
    return true;
  };
}

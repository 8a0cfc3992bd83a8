// CPU time per request, read from /proc (Linux): the server's process (with its PGlite thread), the
// PostgreSQL server's processes when it runs on this machine, and the load generator (this process). Unlike a
// p95 on two shared cores, it hardly moves from run to run, and it says where a request's cost lies.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Clock ticks per second of /proc's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's user + system CPU time in ms, or null where it cannot be read. @param {string | number} pid */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces), from the 3rd: utime and stime are the 14th, 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** The CPU time in ms of every process named `postgres` on this machine. */
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += processCpuMs(pid) ?? 0;
  }
  return total;
}

/**
 * A reader of the CPU spent, in ms, by the server (`pid`), PostgreSQL (when `postgres`) and this process; null
 * where /proc cannot be read.
 * @param {{ pid: number | undefined, postgres: boolean }} options
 * @returns {(() => { server: number, database: number, generator: number }) | null}
 */
export function cpuReader({ pid, postgres }) {
  if (pid === undefined || processCpuMs(pid) === null) return null;
  return () => {
    const own = process.cpuUsage();
    return {
      server: processCpuMs(pid) ?? 0,
      database: postgres ? postgresCpuMs() : 0,
      generator: (own.user + own.system) / 1000,
    };
  };
}

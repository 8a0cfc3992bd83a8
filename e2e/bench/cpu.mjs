// CPU time per request, read from /proc (Linux): the server's process (with its PGlite thread), the
// PostgreSQL backends of its database when that server runs on this machine, and the load generator (this process). Unlike a
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

/**
 * The database a PostgreSQL backend serves, from its process title (`/proc/<pid>/cmdline`):
 * `postgres: 15/main: portal portal_bench1 127.0.0.1(40312) idle` (the cluster part is left out by some
 * builds), the word after the user; null for the server's own processes (checkpointer, walwriter, an
 * autovacuum worker) and anything else.
 * @param {string} cmdline
 */
export function backendDatabase(cmdline) {
  const title = cmdline.replace(/\0/g, ' ').trim().split(/\s+/);
  if (title[0] !== 'postgres:') return null;
  const words = title[1]?.endsWith(':') ? title.slice(2) : title.slice(1);
  // A client's address: host(port), [local] or local.
  return words.length >= 3 && /\(\d+\)$|local\]?$/.test(words[2]) ? words[1] : null;
}

/**
 * The CPU time in ms of the PostgreSQL backends serving `database` (their process titles read
 * `postgres: <cluster>: <user> <database> <client> <state>`): the bench's server's connections, and no other
 * database's (a test suite or pgbench on the same PostgreSQL server counted into the figure before). A backend
 * that ends keeps the time last read for it (`seen`), so the figure never goes back.
 * @param {string} database @param {Map<string, number>} seen
 */
function postgresCpuMs(database, seen) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let cmdline;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (backendDatabase(cmdline) !== database) continue;
    const ms = processCpuMs(pid);
    if (ms !== null) seen.set(pid, ms);
  }
  let total = 0;
  for (const ms of seen.values()) total += ms;
  return total;
}

/**
 * A reader of the CPU spent, in ms, by the server (`pid`), PostgreSQL's backends of its database (`postgres`,
 * the database's name, when it is the database) and this process; null where /proc cannot be read.
 * @param {{ pid: number | undefined, postgres: string | false }} options
 * @returns {(() => { server: number, database: number, generator: number }) | null}
 */
export function cpuReader({ pid, postgres }) {
  if (pid === undefined || processCpuMs(pid) === null) return null;
  /** @type {Map<string, number>} */
  const seen = new Map();
  return () => {
    const own = process.cpuUsage();
    return {
      server: processCpuMs(pid) ?? 0,
      database: postgres ? postgresCpuMs(postgres, seen) : 0,
      generator: (own.user + own.system) / 1000,
    };
  };
}

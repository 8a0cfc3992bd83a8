/**
 * What a process that stopped making progress is doing, read from /proc (Linux): each of its threads' state
 * and kernel wait, and the processes it started. For the failures of a start or a test run that hangs
 * (e2e/harness/server.mjs whereItWaits, tooling/jest-watch.mjs): R is running, S with `futex_*` blocked,
 * S with `do_epoll_wait` idle in its event loop.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>[/task/<tid>]/stat after the command's name (state first, then ppid…). */
function statFields(/** @type {string} */ path) {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/**
 * One line for each thread of `pid`: its id, name, state, kernel wait, and user/system ticks.
 * @param {number} pid
 * @param {string} [indent]
 */
export function threadsOf(pid, indent = '  ') {
  let text = '';
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const comm = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      const wchan = readFileSync(`/proc/${pid}/task/${task}/wchan`, 'utf8').trim();
      const fields = statFields(`/proc/${pid}/task/${task}/stat`);
      text += `${indent}${task} ${comm}: ${fields[0]} ${wchan || '-'} ${fields[11]}/${fields[12]}\n`;
    }
  } catch (error) {
    text += `${indent}(not readable: ${error})\n`;
  }
  return text;
}

/**
 * `pid` and every process below it, each with its command line and its threads (threadsOf).
 * @param {number} pid
 */
export function processTree(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(`/proc/${entry}/stat`)[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended meanwhile.
    }
  }
  let text = '';
  const visit = (/** @type {number} */ p, /** @type {string} */ indent) => {
    let command = '';
    try {
      command = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 160);
    } catch {
      command = '(ended)';
    }
    text += `${indent}process ${p}: ${command}\n${threadsOf(p, `${indent}  `)}`;
    for (const child of children.get(p) ?? []) visit(child, `${indent}  `);
  };
  visit(pid, '');
  return text;
}

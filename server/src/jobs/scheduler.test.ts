/**
 * The one scheduler (scheduler.ts), on fake timers: a task runs on its interval, once at a time; a tick
 * during a run is skipped; a wake during a run runs it once more right after; stop ends the timers and
 * waits for the run under way; a failure is reported and the task goes on.
 */
import { jest } from '@jest/globals';
import { Scheduler } from './scheduler.js';

/** A run that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Lets the promises settled so far run their continuations. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('runs a task on its interval', async () => {
  const scheduler = new Scheduler(() => undefined);
  let runs = 0;
  scheduler.add({ name: 'a', everyMs: 1000, run: async () => void (runs += 1) });
  expect(runs).toBe(0);
  jest.advanceTimersByTime(1000);
  await settle();
  expect(runs).toBe(1);
  for (let i = 0; i < 2; i += 1) {
    jest.advanceTimersByTime(1000);
    await settle();
  }
  expect(runs).toBe(3);
  await scheduler.stop();
});

it('runs a task once at a time: a tick during a run is skipped', async () => {
  const scheduler = new Scheduler(() => undefined);
  let started = 0;
  const first = gate();
  scheduler.add({
    name: 'slow',
    everyMs: 100,
    run: async () => {
      started += 1;
      if (started === 1) await first.opened;
    },
  });
  jest.advanceTimersByTime(100);
  await settle();
  expect(scheduler.isRunning('slow')).toBe(true);
  jest.advanceTimersByTime(500);
  await settle();
  expect(started).toBe(1);
  first.open();
  await settle();
  expect(scheduler.isRunning('slow')).toBe(false);
  expect(started).toBe(1);
  await scheduler.stop();
});

it('runs a woken task now, and once more right after the run under way when woken during it', async () => {
  const scheduler = new Scheduler(() => undefined);
  let started = 0;
  const first = gate();
  scheduler.add({
    name: 'w',
    everyMs: 0,
    run: async () => {
      started += 1;
      if (started === 1) await first.opened;
    },
  });
  const running = scheduler.wake('w');
  await settle();
  expect(started).toBe(1);
  // Two wakes during the run: one more run after it, not two.
  void scheduler.wake('w');
  void scheduler.wake('w');
  first.open();
  await running;
  await settle();
  expect(started).toBe(2);
  expect(scheduler.isRunning('w')).toBe(false);
  await scheduler.stop();
});

it('stops: no timer fires and no wake runs any more, and the run under way ends first', async () => {
  const scheduler = new Scheduler(() => undefined);
  let started = 0;
  let ended = 0;
  const first = gate();
  scheduler.add({
    name: 's',
    everyMs: 100,
    run: async () => {
      started += 1;
      await first.opened;
      ended += 1;
    },
  });
  jest.advanceTimersByTime(100);
  await settle();
  const stopping = scheduler.stop();
  let stopped = false;
  void stopping.then(() => (stopped = true));
  await settle();
  expect(stopped).toBe(false);
  first.open();
  await stopping;
  expect(ended).toBe(1);
  jest.advanceTimersByTime(1000);
  await scheduler.wake('s');
  await settle();
  expect(started).toBe(1);
});

it('reports a failed run and runs the task again at its next tick', async () => {
  const failures: Array<[string, unknown]> = [];
  const scheduler = new Scheduler((name, error) => failures.push([name, error]));
  let runs = 0;
  scheduler.add({
    name: 'f',
    everyMs: 100,
    run: async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
    },
  });
  jest.advanceTimersByTime(100);
  await settle();
  expect(failures).toEqual([['f', new Error('boom')]]);
  jest.advanceTimersByTime(100);
  await settle();
  expect(runs).toBe(2);
  expect(failures).toHaveLength(1);
  await scheduler.stop();
});

it('refuses a second task of one name, and a task without an interval has no timer', async () => {
  const scheduler = new Scheduler(() => undefined);
  let runs = 0;
  scheduler.add({ name: 'x', everyMs: 0, run: async () => void (runs += 1) });
  expect(() => scheduler.add({ name: 'x', everyMs: 0, run: async () => undefined })).toThrow(/x/);
  jest.advanceTimersByTime(10_000);
  await settle();
  expect(runs).toBe(0);
  await scheduler.stop();
});

it('knows no run of a task it does not have', () => {
  expect(new Scheduler(() => undefined).isRunning('unknown')).toBe(false);
});

/**
 * The one scheduler of an instance: the jobs (jobs.plugin.ts) and the provisioning worker
 * (provisioning/worker.plugin.ts) run their work through it. Each task runs once at a time in this instance
 * (across instances, each task's own advisory lock from db/locks.ts decides who does the work); a timer
 * tick while it runs is skipped; `wake` runs it now, or once more right after the run under way, so that
 * nothing asked for during a run is left for the next tick. `stop` ends the timers and waits for the runs.
 */

export interface ScheduledTask {
  name: string;
  /** The interval between timer ticks; 0 or less: no timer (the task runs when woken). */
  everyMs: number;
  run: () => Promise<unknown>;
}

interface TaskState {
  task: ScheduledTask;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | null;
  again: boolean;
}

export class Scheduler {
  private readonly tasks = new Map<string, TaskState>();
  private stopped = false;

  /** @param onError what a run that throws is logged as (a task reports its own outcome normally). */
  constructor(private readonly onError: (name: string, error: unknown) => void) {}

  /** Adds a task; its timer starts now. A second task of one name is refused. */
  add(task: ScheduledTask): void {
    if (this.tasks.has(task.name)) throw new Error(`a task named ${task.name} is scheduled already`);
    const state: TaskState = { task, timer: undefined, running: null, again: false };
    this.tasks.set(task.name, state);
    if (task.everyMs > 0 && !this.stopped) {
      state.timer = setInterval(() => {
        if (!state.running) void this.start(state);
      }, task.everyMs);
      state.timer.unref();
    }
  }

  /** Runs the task now, or right after the run under way: answers when that run has ended. */
  wake(name: string): Promise<void> {
    const state = this.tasks.get(name);
    if (!state || this.stopped) return Promise.resolve();
    if (state.running) {
      state.again = true;
      return state.running;
    }
    return this.start(state);
  }

  /** Whether a run of the task is under way. */
  isRunning(name: string): boolean {
    return Boolean(this.tasks.get(name)?.running);
  }

  /** No run starts any more; the runs under way end first. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const state of this.tasks.values()) {
      // A run under way ends without another one (`again` is read only while not stopped).
      clearInterval(state.timer);
      state.timer = undefined;
    }
    await Promise.all([...this.tasks.values()].map((s) => s.running));
  }

  private start(state: TaskState): Promise<void> {
    const run = Promise.resolve()
      .then(() => state.task.run())
      .then(
        () => undefined,
        (error: unknown) => this.onError(state.task.name, error),
      )
      .finally(() => {
        state.running = null;
        if (state.again && !this.stopped) {
          state.again = false;
          void this.start(state);
        }
      });
    state.running = run;
    return run;
  }
}

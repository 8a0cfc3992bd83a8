/**
 * One performance seed at a time per server, with its progress readable while it runs (the system
 * area's seed tab polls it). The state lives in this process: behind a load balancer each instance
 * reports its own run.
 * The seed itself (dev/seed/performance-seed.ts, development-only code) is loaded by the route when it runs.
 */
import type { SeedCounts, SeedProgress, SeedStep } from 'shared-auth/rules';

export interface PerformanceSeedResult {
  roles: number;
  users: number;
  userRoles: number;
  invitations: number;
  /** Milliseconds the seed took. */
  ms: number;
}

/** The steps of the seed, in order (then 'done'); the route adds its own after them. */
export const PERFORMANCE_SEED_STEPS = ['clearing', 'roles', 'users', 'statistics'] as const;
export type PerformanceSeedStep = (typeof PERFORMANCE_SEED_STEPS)[number];

/** How far the seed is: `done` of `total` users written (after `phase` 'clearing' and 'roles'). */
export interface PerformanceSeedProgress {
  phase: PerformanceSeedStep | 'done';
  done: number;
  total: number;
}

export const SEED_RUN_STEPS = [
  ...PERFORMANCE_SEED_STEPS,
  'auditTrail',
] as const satisfies readonly SeedStep[];
export type SeedRunStep = (typeof SEED_RUN_STEPS)[number];

/** What PUT system/performance-seed answers: the console's SeedCounts (shared-auth), every count known. */
export interface SeedRunResult extends PerformanceSeedResult, SeedCounts {
  auditLogs: number;
  /** Milliseconds of `ms` spent writing the audit trail (the rest is the seed proper). */
  auditTrailMs: number;
}

/** What GET system/performance-seed answers: the console's SeedProgress (shared-auth). */
export interface SeedRunState extends SeedProgress {
  step: SeedRunStep | null;
  /** 0 of 0 before the users step. */
  usersDone: number;
  usersTotal: number;
  result: SeedRunResult | null;
}

export class SeedAlreadyRunningError extends Error {
  constructor() {
    super('The performance seed is already running');
  }
}

export interface SeedRunner {
  state(): SeedRunState;
  /** Runs `seed`, which reports each step it starts; refuses while a run is under way. */
  run(
    seed: (step: (name: SeedRunStep, progress?: PerformanceSeedProgress) => void) => Promise<SeedRunResult>,
  ): Promise<SeedRunResult>;
}

export function createSeedRunner(): SeedRunner {
  let current: SeedRunState = {
    running: false,
    step: null,
    stepsDone: 0,
    stepsTotal: SEED_RUN_STEPS.length,
    usersDone: 0,
    usersTotal: 0,
    startedAt: null,
    finishedAt: null,
    result: null,
    error: null,
  };
  return {
    state: () => ({ ...current }),
    async run(seed) {
      if (current.running) throw new SeedAlreadyRunningError();
      current = {
        ...current,
        running: true,
        step: null,
        stepsDone: 0,
        usersDone: 0,
        usersTotal: 0,
        startedAt: Date.now(),
        finishedAt: null,
        result: null,
        error: null,
      };
      try {
        const result = await seed((name, progress) => {
          current = {
            ...current,
            step: name,
            stepsDone: SEED_RUN_STEPS.indexOf(name),
            usersDone: progress?.done ?? current.usersDone,
            usersTotal: progress?.total ?? current.usersTotal,
          };
        });
        current = {
          ...current,
          running: false,
          step: null,
          stepsDone: current.stepsTotal,
          finishedAt: Date.now(),
          result,
        };
        return result;
      } catch (error) {
        current = { ...current, running: false, finishedAt: Date.now(), error: (error as Error).message };
        throw error;
      }
    },
  };
}

import { createSeedRunner, SeedAlreadyRunningError } from './performance-seed-run.js';

const result = { roles: 1, users: 2, userRoles: 1, invitations: 2, auditLogs: 5, auditTrailMs: 1, ms: 3 };

describe('the performance seed runner', () => {
  it('reports the step under way, refuses a second run meanwhile, and keeps the counts when done', async () => {
    const runner = createSeedRunner();
    let finish: () => void = () => undefined;
    const first = runner.run(async (step) => {
      step('users');
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return result;
    });
    expect(runner.state()).toEqual(
      expect.objectContaining({ running: true, step: 'users', stepsDone: 2, stepsTotal: 5, result: null }),
    );
    await expect(runner.run(async () => result)).rejects.toBeInstanceOf(SeedAlreadyRunningError);
    finish();
    await expect(first).resolves.toEqual(result);
    expect(runner.state()).toEqual(expect.objectContaining({ running: false, stepsDone: 5, result }));
  });

  it('keeps the error of a failed run and runs again afterwards', async () => {
    const runner = createSeedRunner();
    await expect(
      runner.run(async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(runner.state()).toEqual(expect.objectContaining({ running: false, error: 'disk full' }));
    await expect(runner.run(async () => result)).resolves.toEqual(result);
    expect(runner.state().error).toBeNull();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type SeedProgress } from 'shared-auth';
import { superUser } from 'test-support/personas';
import { renderAt, setUpSystem } from '../test-support/render';
import SeedTab from './seed-tab.component';
import { fetchSeedProgress, startPerformanceSeed } from './system.resource';

jest.mock('./system.resource', () => ({ fetchSeedProgress: jest.fn(), startPerformanceSeed: jest.fn() }));

const progress = fetchSeedProgress as jest.Mock;
const start = startPerformanceSeed as jest.Mock;

const idle: SeedProgress = {
  running: false,
  step: null,
  stepsDone: 0,
  stepsTotal: 5,
  startedAt: null,
  finishedAt: null,
  result: null,
  error: null,
};
const counts = {
  roles: 500,
  users: 75_000,
  userRoles: 37_500,
  invitations: 75_000,
  auditLogs: 113_000,
  ms: 14_250,
};

beforeEach(async () => {
  jest.useFakeTimers({ advanceTimers: true });
  progress.mockReset();
  start.mockReset();
  await setUpSystem(superUser, true);
});
afterEach(() => jest.useRealTimers());

describe('the performance seed tab', () => {
  it('shows the step under way while the seed runs, then its counts and time', async () => {
    progress.mockResolvedValueOnce(idle).mockResolvedValue({
      ...idle,
      running: true,
      step: 'users',
      stepsDone: 2,
      usersDone: 3000,
      usersTotal: 75_000,
    });
    let finish: (value: typeof counts) => void = () => undefined;
    start.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAt('/system/seed', <SeedTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Run performance seed' }));
    expect(screen.getByText('The performance seed is starting...')).toBeInTheDocument();
    expect(screen.getByText('Running for 0 s')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(600);
    });
    expect(
      await screen.findByText('Step 3 of 5: adding users with their user roles and invitations'),
    ).toBeInTheDocument();
    expect(screen.getByText('3000 of 75000 users written')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '2');
    await act(async () => finish(counts));
    expect(
      await screen.findByRole('heading', { name: 'The performance seed has finished' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Users').nextElementSibling).toHaveTextContent('75,000');
    expect(screen.getByText('User roles').nextElementSibling).toHaveTextContent('37,500');
    expect(screen.getByText('113,000')).toBeInTheDocument();
    expect(screen.getByText('14.3 s')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the refusal when a seed is already running, and the progress of that run', async () => {
    progress.mockResolvedValue({ ...idle, running: true, step: 'statistics', stepsDone: 3 });
    start.mockRejectedValue(
      new ApiError(409, {
        status: 409,
        error: 'Conflict',
        message: 'The performance seed is already running',
      }),
    );
    renderAt('/system/seed', <SeedTab />);
    expect(await screen.findByText('Step 4 of 5: updating the database statistics')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run performance seed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The performance seed is already running.');
    expect(start).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('shows the counts of the last finished run on opening', async () => {
    progress.mockResolvedValue({ ...idle, stepsDone: 5, result: counts });
    renderAt('/system/seed', <SeedTab />);
    expect(
      await screen.findByRole('heading', { name: 'The performance seed has finished' }),
    ).toBeInTheDocument();
  });
});

// A bulk invitation shows its progress while the create runs (issue 7): the form polls the server's
// progress under the key it sent, shows it as text and bar, and stops when the create ends.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import {
  createInvitation,
  fetchInvitationProgress,
  fetchRoles,
  type InvitationProgress,
  type InvitationSummary,
} from '../invitations.resource';
import InvitationFormPage from '../pages/invitation-form.page';
import { forge, library, manager, wiki } from '../test-support/fixtures';
import { renderAt, setUp } from '../test-support/render';
import { BULK_PROGRESS_FROM, PROGRESS_POLL_MS } from './bulk-progress';
import { BulkProgress } from './bulk-progress.component';

jest.mock('../invitations.resource', () => ({
  ...jest.requireActual('../invitations.resource'),
  fetchRoles: jest.fn(),
  createInvitation: jest.fn(),
  fetchInvitationProgress: jest.fn(),
}));

const mockedRoles = jest.mocked(fetchRoles);
const mockedCreate = jest.mocked(createInvitation);
const mockedProgress = jest.mocked(fetchInvitationProgress);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A create that answers when the test says so. */
function pendingCreate() {
  let answer: (summary: InvitationSummary) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  mockedCreate.mockImplementation(
    () =>
      new Promise<InvitationSummary>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { answer: (summary: InvitationSummary) => answer(summary), fail: (error: Error) => fail(error) };
}

const report = (changes: Partial<InvitationProgress>): InvitationProgress => ({
  phase: 'writing',
  total: 60,
  written: 0,
  mailed: 0,
  done: false,
  ...changes,
});

async function fillAndSend(count: number) {
  const view = renderAt('/invitation/new', <InvitationFormPage />, { roleId: wiki.id });
  const field = await screen.findByLabelText(/^Invitees/);
  const text = Array.from({ length: count }, (_, i) => `guest.${i}@x.org`).join('\n');
  fireEvent.paste(field, { clipboardData: { getData: () => text } });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: 'Send invite' }));
  return view;
}

// The polls' timers run on fake time: the checks that no poll follows let ten intervals pass at once.
const pollsWorthOfTime = () => act(() => jest.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 10));

afterEach(() => jest.useRealTimers());
beforeEach(async () => {
  jest.useFakeTimers();
  mockedRoles.mockReset().mockResolvedValue([wiki, forge, library]);
  mockedCreate.mockReset();
  mockedProgress.mockReset();
  await setUp(manager);
});

describe('the progress of a bulk invitation', () => {
  it('polls the key it sent, shows the numbers as text and bar, and stops when the create ends', async () => {
    const create = pendingCreate();
    mockedProgress
      .mockResolvedValueOnce(report({ written: 25 }))
      .mockRejectedValueOnce(new Error('a poll fails: ignored'))
      .mockResolvedValue(report({ phase: 'mailing', written: 60, mailed: 10 }));
    await fillAndSend(60);

    expect(screen.getByRole('progressbar', { name: 'Preparing 60 invitations' })).not.toHaveAttribute(
      'value',
    );
    const saving = await screen.findByRole('progressbar', { name: 'Saving invitations: 25 of 60' });
    expect(saving).toHaveAttribute('value', '25');
    expect(saving).toHaveAttribute('max', '120');
    const sending = await screen.findByRole(
      'progressbar',
      { name: 'Sending invitations: 10 of 60' },
      { timeout: 3000 },
    );
    expect(sending).toHaveAttribute('value', '70');

    const key = mockedCreate.mock.calls[0][1];
    expect(key).toMatch(UUID);
    expect(mockedCreate.mock.calls[0][0].invites).toHaveLength(60);
    expect(mockedProgress.mock.calls.every(([polled]) => polled === key)).toBe(true);

    await act(async () => create.answer({ created: 60, ids: [] }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/roles/1/invitations'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const polls = mockedProgress.mock.calls.length;
    await pollsWorthOfTime();
    expect(mockedProgress).toHaveBeenCalledTimes(polls);
  });

  it('takes the bar away and stops polling when the create fails; the failure is flashed', async () => {
    const create = pendingCreate();
    mockedProgress.mockResolvedValue(report({ written: 50 }));
    await fillAndSend(BULK_PROGRESS_FROM);
    expect(await screen.findByRole('progressbar', { name: 'Saving invitations: 50 of 60' })).toBeVisible();
    await act(async () => create.fail(new Error('500')));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(useFlashStore.getState().flash).toMatchObject({ type: 'error' });
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeEnabled();
    const polls = mockedProgress.mock.calls.length;
    await pollsWorthOfTime();
    expect(mockedProgress).toHaveBeenCalledTimes(polls);
  });

  it('stops polling when the form goes away while the create runs', async () => {
    pendingCreate();
    mockedProgress.mockResolvedValue(report({ written: 25 }));
    const view = await fillAndSend(60);
    await screen.findByRole('progressbar', { name: 'Saving invitations: 25 of 60' });
    view.unmount();
    const polls = mockedProgress.mock.calls.length;
    await pollsWorthOfTime();
    expect(mockedProgress).toHaveBeenCalledTimes(polls);
  });

  it('sends a small batch without a key and polls nothing', async () => {
    mockedCreate.mockResolvedValue({ created: 3, ids: [1, 2, 3] });
    await fillAndSend(BULK_PROGRESS_FROM - 1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/roles/1/invitations'));
    expect(mockedCreate.mock.calls[0][1]).toBeUndefined();
    await pollsWorthOfTime();
    expect(mockedProgress).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('writes the numbers the Dutch way', async () => {
    await i18n.changeLanguage('nl');
    const view = render(
      <BulkProgress progress={{ total: 1000, report: report({ total: 1000, written: 275 }) }} />,
    );
    expect(
      screen.getByRole('progressbar', { name: 'Uitnodigingen opslaan: 275 van 1.000' }),
    ).toBeInTheDocument();
    view.unmount();
    await i18n.changeLanguage('en');
  });
});

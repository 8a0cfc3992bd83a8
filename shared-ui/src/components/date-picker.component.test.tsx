jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setUpTexts } from 'test-support/i18n';
import { DatePicker, type DatePickerProps } from './date-picker.component';

beforeAll(() => setUpTexts());

// Saturday 21 November 2026, 10:00; only Date is faked so user-event runs on real timers.
const NOW = new Date(2026, 10, 21, 10);
beforeEach(() =>
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'performance',
      'hrtime',
    ],
  }),
);
afterEach(() => jest.useRealTimers());

function Harness(
  props: Partial<DatePickerProps> & { initial?: Date | null; onPick?: (date: Date | null) => void },
) {
  const { initial = new Date(2026, 11, 24), onPick = jest.fn(), ...rest } = props;
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <>
      <DatePicker
        name="expiry"
        label="Expiry date"
        value={value}
        onChange={(date) => {
          onPick(date);
          setValue(date);
        }}
        {...rest}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Expiry date' });

async function typeDate(text: string) {
  await userEvent.clear(input());
  await userEvent.type(input(), text);
  await userEvent.tab();
}

describe('DatePicker', () => {
  it('shows the date as dd/MM/yyyy and takes a typed date', async () => {
    const onPick = jest.fn();
    render(<Harness onPick={onPick} />);
    expect(input()).toHaveValue('24/12/2026');
    await typeDate('3/1/2027');
    expect(onPick).toHaveBeenLastCalledWith(new Date(2027, 0, 3));
    expect(input()).toHaveValue('03/01/2027');
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
  });

  it('rejects unparseable input and corrects it to 16 days ahead', async () => {
    const onPick = jest.fn();
    render(<Harness onPick={onPick} />);
    await typeDate('31/02/2027');
    expect(screen.getByRole('alert')).toHaveTextContent('Date input not valid.');
    expect(onPick).toHaveBeenLastCalledWith(new Date(2026, 11, 7));
    expect(input()).toHaveValue('07/12/2026');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects today unless past dates are allowed, and dates after the maximum', async () => {
    const { unmount } = render(<Harness />);
    await typeDate('21/11/2026');
    expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
    unmount();

    const onPick = jest.fn();
    render(<Harness pastDateAllowed maxDate={new Date(2027, 0, 1)} onPick={onPick} />);
    await typeDate('01/01/2020');
    expect(onPick).toHaveBeenLastCalledWith(new Date(2020, 0, 1));
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
    await typeDate('02/01/2027');
    expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
  });

  it('ends 16 years ahead when no maximum is given', async () => {
    render(<Harness pastDateAllowed />);
    await typeDate('21/11/2042');
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
    await typeDate('22/11/2042');
    expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
  });

  it('may be emptied when a missing date is allowed', async () => {
    const onPick = jest.fn();
    render(<Harness allowNull onPick={onPick} />);
    await userEvent.clear(input());
    await userEvent.tab();
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
  });

  it('leaves an empty field that had no date alone, even where a missing date is not allowed', async () => {
    const onPick = jest.fn();
    render(<Harness initial={null} onPick={onPick} />);
    await userEvent.click(input());
    await userEvent.tab();
    expect(input()).toHaveValue('');
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.queryByText('Date input not valid.')).not.toBeInTheDocument();
  });

  it('opens a calendar with ISO week numbers where days before tomorrow cannot be chosen', async () => {
    const onPick = jest.fn();
    render(<Harness initial={null} allowNull onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    // The calendar is its own chunk, loaded when first opened.
    const grid = await screen.findByRole('grid', { name: 'November 2026' });
    const weekNumbers = within(grid)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(weekNumbers).toEqual(['44', '45', '46', '47', '48', '49']);
    expect(within(grid).getByRole('button', { name: 'Saturday, 21 November 2026' })).toBeDisabled();
    await userEvent.click(within(grid).getByRole('button', { name: 'Sunday, 22 November 2026' }));
    expect(onPick).toHaveBeenLastCalledWith(new Date(2026, 10, 22));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(input()).toHaveValue('22/11/2026');
    expect(screen.getByRole('button', { name: 'Choose a date' })).toHaveFocus();
  });

  it('moves through the calendar by keyboard and month buttons, Esc closes', async () => {
    const onPick = jest.fn();
    render(<Harness onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    act(() => screen.getByRole('button', { name: 'Thursday, 24 December 2026' }).focus());
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Wednesday, 9 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(new Date(2026, 11, 9));
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    expect(await screen.findByRole('button', { name: 'Wednesday, 9 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a date' })).toHaveFocus();
    expect(input()).toHaveValue('09/12/2026');
  });
});

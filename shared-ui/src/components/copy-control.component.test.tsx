jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, fireEvent, render, screen } from '@testing-library/react';
import { setUpTexts } from 'test-support/i18n';
import { CopyControl } from './copy-control.component';

beforeAll(() => setUpTexts());

describe('CopyControl', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('copies the value and confirms it for 1250 ms', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyControl value="urn:collab:group:example.org:lab" label="URN" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy URN' }));
    // The confirmation follows the clipboard promise.
    await act(async () => {
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('urn:collab:group:example.org:lab');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(1249));
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './components/error-boundary.component';
import { loadable } from './loadable';
import { setUpTexts } from 'test-support/i18n';

beforeAll(() => setUpTexts());

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load the test settles by hand. */
function deferredModule() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<{ default: typeof Greeting }>((res, rej) => {
    resolve = () => res({ default: Greeting });
    reject = rej;
  });
  const load = jest.fn(() => promise);
  return {
    load,
    resolve: () => act(async () => resolve()),
    reject: (e: Error) => act(async () => reject(e)),
  };
}

describe('loadable', () => {
  it('shows the loader until the code arrives, then the component with its props, loading it once', async () => {
    const module = deferredModule();
    const LoadableGreeting = loadable(module.load);
    // No Suspense boundary anywhere: the component never suspends.
    render(
      <>
        <LoadableGreeting name="Ada" />
        <LoadableGreeting name="Max" />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getAllByText('Loading...')[0]).toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();

    await module.resolve();
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.getByText('Hello Max')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without a loader, where its code has already arrived', async () => {
    const LoadableGreeting = loadable(async () => ({ default: Greeting }));
    const first = render(<LoadableGreeting name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    first.unmount();
    render(<LoadableGreeting name="Max" />);
    expect(screen.getByText('Hello Max')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a failed load reaches the error boundary, and a retry loads the code again', async () => {
    const failing = deferredModule();
    const working = deferredModule();
    const load = jest.fn().mockImplementationOnce(failing.load).mockImplementationOnce(working.load);
    const LoadableGreeting = loadable(load);
    const onError = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary onError={onError}>
        <LoadableGreeting name="Ada" />
      </ErrorBoundary>,
    );
    await failing.reject(new Error('chunk 716 failed'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(onError.mock.calls[0][0]).toEqual(new Error('chunk 716 failed'));

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await working.resolve();
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

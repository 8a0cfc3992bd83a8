jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import { i18n } from '../i18n/i18n';
import { setUpTexts } from 'test-support/i18n';
import { resetStores } from 'test-support/stores';
import { AuthorityBadge } from './authority-badge.component';
import { Breadcrumb } from './breadcrumb.component';
import { ErrorBoundary } from './error-boundary.component';
import { cutDescription, ExpandableDescription } from './expandable-description.component';
import { PageFrame } from './page-frame.component';
import { UnavailablePanel } from './unavailable-panel.component';

beforeAll(() => setUpTexts());
beforeEach(resetStores);

describe('ExpandableDescription', () => {
  const long = `${'word '.repeat(50)}end`; // 253 characters

  it('cuts at the first space after the limit', () => {
    expect(cutDescription('short text', 190)).toEqual({ short: 'short text', cut: false });
    expect(cutDescription('abcdef ghij klm', 8)).toEqual({ short: 'abcdef ghij', cut: true });
  });

  it('shows more and less', async () => {
    render(<ExpandableDescription text={long} />);
    expect(screen.getByText(/word/)).toHaveTextContent(`${long.slice(0, 194)}...`);
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByText(/word/)).toHaveTextContent(long);
    await userEvent.click(screen.getByRole('button', { name: 'less' }));
    expect(screen.getByRole('button', { name: 'more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses a shorter limit on cards', () => {
    render(<ExpandableDescription text={long} limit={80} />);
    expect(screen.getByText(/word/).textContent).toHaveLength(84 + 3);
  });
});

describe('AuthorityBadge', () => {
  it('shows the translated authority in its colour, and No member otherwise', async () => {
    const { rerender } = render(<AuthorityBadge authority="SUPER_USER" />);
    expect(screen.getByText('Super user').closest('.sds--chips')).toHaveClass('status-success');
    rerender(<AuthorityBadge authority="MANAGER" />);
    expect(screen.getByText('Manager').closest('.sds--chips')).toHaveClass('main-400');
    rerender(<AuthorityBadge authority={null} />);
    expect(screen.getByText('No member').closest('.sds--chips')).toHaveClass('status-warning');
    await act(() => i18n.changeLanguage('nl'));
    rerender(<AuthorityBadge authority="INSTITUTION_ADMIN" />);
    expect(screen.getByText('Instellingsbeheerder')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('Breadcrumb and PageFrame', () => {
  it('shows the session breadcrumb with links and the current page last', () => {
    useSessionStore
      .getState()
      .setBreadcrumbPath([
        { path: '/home', value: 'Home' },
        { path: '/home/roles', value: 'Roles' },
        { value: 'Lab' },
      ]);
    render(
      <MemoryRouter>
        <Breadcrumb />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/home/roles');
    expect(screen.getByText('Lab')).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing without a breadcrumb path', () => {
    const { container } = render(
      <MemoryRouter>
        <Breadcrumb />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('a page frame sets the breadcrumb and shows its title and content', () => {
    render(
      <MemoryRouter>
        <PageFrame title="Tokens" breadcrumb={[{ path: '/home', value: 'Home' }, { value: 'Tokens' }]}>
          <p>list</p>
        </PageFrame>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Tokens' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('list')).toBeInTheDocument();
    expect(useSessionStore.getState().breadcrumbPath).toHaveLength(2);
  });
});

describe('UnavailablePanel', () => {
  it('says the part is unavailable and retries', async () => {
    const onRetry = jest.fn();
    render(<UnavailablePanel onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the console is unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ErrorBoundary', () => {
  let broken = true;
  function Fragile() {
    if (broken) throw new Error('boom');
    return <p>fine</p>;
  }

  beforeEach(() => {
    broken = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows a fallback instead of the failed part, and retries', async () => {
    const onError = jest.fn();
    render(
      <ErrorBoundary onError={onError}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), expect.anything());
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('fine')).toBeInTheDocument();
  });

  it('starts over when a reset key changes', async () => {
    function Harness() {
      const [attempt, setAttempt] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setAttempt(attempt + 1)}>
            next
          </button>
          <ErrorBoundary resetKeys={[attempt]} fallback={(error) => <p>failed: {error.message}</p>}>
            <Fragile />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByText('failed: boom')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});

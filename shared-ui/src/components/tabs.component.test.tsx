jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setUpTexts } from 'test-support/i18n';
import { Tabs, type TabItem } from './tabs.component';

beforeAll(() => setUpTexts());

const TABS: TabItem[] = [
  { id: 'roles', label: 'Roles (12)' },
  { id: 'users', label: 'Users', notifier: true },
  { id: 'archive', label: 'Archive', readOnly: true },
  { id: 'tokens', label: 'Tokens', count: 3, busy: true },
];

function Harness({ onChange = jest.fn() }: { onChange?: (id: string) => void }) {
  const [active, setActive] = useState('roles');
  return (
    <Tabs
      tabs={TABS}
      activeTab={active}
      onChange={(id) => {
        onChange(id);
        setActive(id);
      }}
    >
      <p>content of {active}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('marks the active tab and shows its panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: /Roles/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Users/ })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: /Roles/ })).toHaveTextContent('content of roles');
  });

  it('shows a count in brackets as a badge, and a count prop too', () => {
    render(<Harness />);
    const roles = screen.getByRole('tab', { name: /Roles/ });
    expect(roles).not.toHaveTextContent('(12)');
    expect(roles.querySelector('.sds--badge--number')).toHaveTextContent('12');
    expect(
      screen.getByRole('tab', { name: /Tokens/ }).querySelector('.sds--badge--number'),
    ).toHaveTextContent('3');
  });

  it('shows the notifier dot and the busy state', () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: /Users/ })).toContainElement(
      screen.getByRole('img', { name: 'needs attention' }),
    );
    expect(screen.getByRole('tab', { name: /Tokens/ })).toHaveAttribute('aria-busy', 'true');
  });

  it('switches on click but not to a read-only tab', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: /Archive/ }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: /Archive/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('tab', { name: /Users/ }));
    expect(onChange).toHaveBeenCalledWith('users');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('content of users');
  });

  it('moves with the arrow keys, Home and End, skipping read-only tabs', async () => {
    render(<Harness />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: /Roles/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Users/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Tokens/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /Tokens/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Roles/ })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Tokens/ })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Tokens/ })).toHaveFocus();
  });
});

describe('Tabs on a narrow screen (issue 55)', () => {
  afterEach(() => jest.restoreAllMocks());

  /** jsdom lays nothing out: a 300 px strip with 120 px tabs side by side, moved by the strip's scrollLeft. */
  function layOut() {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const list = this.closest('[role="tablist"]') as HTMLElement;
      if (this === list) return DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 40 });
      const index = [...list.children].indexOf(this);
      return DOMRect.fromRect({ x: index * 120 - list.scrollLeft, y: 0, width: 120, height: 40 });
    });
  }

  it('scrolls the strip to the selected tab on first render and on every choice', async () => {
    layOut();
    function Chooser() {
      const [active, setActive] = useState('tokens');
      return <Tabs tabs={TABS} activeTab={active} onChange={setActive} />;
    }
    render(<Chooser />);
    const list = screen.getByRole('tablist');
    // Tokens is the fourth tab, 360–480 px: the strip scrolled so that its right edge is in view.
    expect(list.scrollLeft).toBe(180);
    await userEvent.click(screen.getByRole('tab', { name: /Roles/ }));
    expect(list.scrollLeft).toBe(0);
  });

  it('scrolls once the strip gets its size, when it was first drawn hidden (the shell behind its loader)', () => {
    const resized: (() => void)[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        resized.push(callback);
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
    try {
      const rect = jest
        .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
        .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 }));
      render(<Tabs tabs={TABS} activeTab="tokens" onChange={jest.fn()} />);
      const list = screen.getByRole('tablist');
      expect(list.scrollLeft).toBe(0);
      rect.mockRestore();
      layOut();
      act(() => resized.forEach((callback) => callback()));
      expect(list.scrollLeft).toBe(180);
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});

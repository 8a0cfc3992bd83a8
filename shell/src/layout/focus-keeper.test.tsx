import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { focusTarget, useFocusKeeper } from './focus-keeper';

function Page() {
  useFocusKeeper();
  const [rows, setRows] = useState(['Ann', 'Bob']);
  const [page, setPage] = useState<'list' | 'next' | 'drawing'>('list');
  if (page === 'drawing') return <main id="main">…</main>;
  if (page === 'next')
    return (
      <main id="main">
        <h1>Next page</h1>
      </main>
    );
  return (
    <main id="main">
      <h1>Role</h1>
      <section>
        <h2>Users ({rows.length})</h2>
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <td>
                  <button type="button" onClick={() => setRows(rows.filter((r) => r !== row))}>
                    Delete {row}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <button type="button" onClick={() => setPage('next')}>
        Send
      </button>
      <button
        type="button"
        onClick={() => {
          setPage('drawing');
          setTimeout(() => setPage('next'), 20);
        }}
      >
        Send slowly
      </button>
    </main>
  );
}

// The keeper's timers and the slow page's run on fake time: each settle lets 40 ms pass at once.
const settle = (ms = 40) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('focus keeper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("puts focus on the list's heading when the focused row is deleted", async () => {
    render(<Page />);
    const remove = screen.getByRole('button', { name: 'Delete Ann' });
    remove.focus();
    act(() => remove.click());
    await settle();
    expect(screen.getByRole('heading', { name: 'Users (1)' })).toHaveFocus();
  });

  it("puts focus on the next page's heading after the page changed under it", async () => {
    render(<Page />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    act(() => send.click());
    await settle();
    expect(screen.getByRole('heading', { name: 'Next page' })).toHaveFocus();
  });

  it('waits for a page that draws its heading later', async () => {
    render(<Page />);
    const send = screen.getByRole('button', { name: 'Send slowly' });
    send.focus();
    act(() => send.click());
    // The page's second render is flushed as the first wait ends; the keeper reacts in the next one.
    await settle();
    await settle();
    expect(screen.getByRole('heading', { name: 'Next page' })).toHaveFocus();
  });

  it('leaves focus alone while the focused element stays', async () => {
    render(<Page />);
    const send = screen.getByRole('button', { name: 'Delete Bob' });
    const other = screen.getByRole('button', { name: 'Delete Ann' });
    other.focus();
    act(() => send.click());
    await settle();
    expect(other).toHaveFocus();
  });
});

describe('focusTarget', () => {
  it('falls back to the main heading, then to main', () => {
    document.body.innerHTML = '<main id="main"><p>no heading</p></main>';
    const main = document.getElementById('main');
    expect(focusTarget([], main)).toBe(main);
    document.body.innerHTML = '<main id="main"><h1 hidden>gone</h1><h1>Shown</h1></main>';
    expect(focusTarget([], document.getElementById('main'))?.textContent).toBe('Shown');
  });
});

jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpTexts } from 'test-support/i18n';
import { Pagination } from './pagination.component';

beforeAll(() => setUpTexts());

function visibleLinks() {
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('Pagination', () => {
  it('shows nothing when everything fits on one page', () => {
    const { container } = render(
      <Pagination total={10} pageSize={10} currentPage={1} onChange={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('on the first page: no previous arrow, a next arrow, first pages then ellipsis and last', () => {
    render(<Pagination total={95} pageSize={10} currentPage={1} onChange={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    expect(visibleLinks()).toEqual(['1', '2', '3', '...', '10', '›']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('in the middle: both arrows and ellipses on both sides', () => {
    render(<Pagination total={120} pageSize={10} currentPage={6} onChange={jest.fn()} />);
    expect(visibleLinks()).toEqual(['‹', '1', '...', '4', '5', '6', '7', '8', '...', '12', '›']);
  });

  it('on the last page: no next arrow', () => {
    render(<Pagination total={21} pageSize={10} currentPage={3} onChange={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(visibleLinks()).toEqual(['‹', '1', '2', '3']);
  });

  it('reports the chosen page without touching the URL', async () => {
    const onChange = jest.fn();
    render(<Pagination total={50} pageSize={10} currentPage={2} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange.mock.calls).toEqual([[4], [3], [1]]);
    expect(window.location.hash).toBe('');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setUp } from '../test-support/render';
import { InviteesField } from './invitees-field.component';

function Harness({ error }: { error?: string }) {
  const [values, setValues] = useState<string[]>([]);
  return (
    <>
      <InviteesField values={values} onChange={setValues} error={error} />
      <button type="button">elsewhere</button>
    </>
  );
}

const chips = () => screen.queryAllByRole('listitem').map((item) => item.textContent?.replace('×', ''));

describe('the invitees field', () => {
  beforeEach(() => setUp(null));

  it('turns an address into a chip at a space, a comma, a semicolon or Enter', async () => {
    render(<Harness />);
    const field = screen.getByLabelText(/^Invitees/);
    await userEvent.type(field, 'a@x.org b@x.org,c@x.org;d@x.org{enter}');
    expect(chips()).toEqual(['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org']);
    expect(field).toHaveValue('');
  });

  it('keeps typing a Name <address> until it is complete, and takes it on leaving the field', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText(/^Invitees/), 'Jane Doe <jane@x.org>');
    expect(chips()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(chips()).toEqual(['jane@x.org']);
  });

  it('is described by its error, and marks itself invalid', () => {
    render(<Harness error="At least one email address is required" />);
    const field = screen.getByLabelText(/^Invitees/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('At least one email address is required'),
    );
  });
});

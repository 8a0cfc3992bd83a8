import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { forge, wiki } from '../test-support/fixtures';
import { setUp } from '../test-support/render';
import { RoleCards } from './role-cards.component';

function Harness() {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <>
      <RoleCards
        roles={[{ ...wiki, description: 'Write the wiki' }, forge]}
        selected={selected}
        onChange={setSelected}
      />
      <output>{selected.join(',')}</output>
    </>
  );
}

describe("the inviter's role cards", () => {
  beforeEach(() => setUp(null));

  it("names each card's checkbox once, by its role, and describes it by its application and text", async () => {
    render(<Harness />);
    const card = screen.getByRole('checkbox', { name: 'Wiki Editors' });
    expect(card).toHaveAccessibleDescription(expect.stringContaining('Write the wiki'));
    expect(screen.getByRole('checkbox', { name: 'Code Forge' })).toBeInTheDocument();
    await userEvent.click(card);
    expect(document.querySelector('output')).toHaveTextContent('1');
    // The card's text chooses it too.
    await userEvent.click(screen.getByText('Write the wiki'));
    expect(document.querySelector('output')).toHaveTextContent(/^$/);
  });
});

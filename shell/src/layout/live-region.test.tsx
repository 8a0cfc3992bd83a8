import { act, screen, within } from '@testing-library/react';
import { setFlash } from 'shared-auth';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import rolesRemote from 'mfe-roles/src/contributions';
import * as personas from 'test-support/personas';
import { renderShell } from '../test-support/render-shell';

jest.mock('../remotes/remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));

/** The page's polite live regions (the test's location probe is an <output>, a status without aria-live). */
const politeRegions = () =>
  screen.getAllByRole('status').filter((element) => element.getAttribute('aria-live') === 'polite');

describe('the polite live region (issue 55)', () => {
  it('is in the layout, empty, before any message, and the flash message lands in it', async () => {
    await renderShell({ path: '/profile', user: personas.guest, remotes: { roles: [rolesRemote] } });
    await screen.findByRole('heading', { level: 1 });
    expect(politeRegions()).toHaveLength(1);
    const [region] = politeRegions();
    expect(region).toHaveTextContent('');
    act(() => setFlash('Your profile has been saved', 'info'));
    // The toast is drawn inside the region (its chunk arrives first): the words once, in the region.
    expect(await within(region).findByText('Your profile has been saved')).toBeInTheDocument();
    expect(politeRegions()).toEqual([region]);
    act(() => setFlash('Something went wrong', 'error'));
    expect(
      await within(region).findByText('Something went wrong', { selector: '.ui-flash *' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong')).toHaveLength(1);
  });
});

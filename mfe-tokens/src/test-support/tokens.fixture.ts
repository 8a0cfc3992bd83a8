// The token list the component tests start from, served by a mocked useTokens().
import { useFlashStore, type ApiToken } from 'shared-auth';
import type { LoadState } from 'shared-ui';
import { ORGANISATION_GUID } from 'test-support/personas';
import { useTokens } from '../tokens.resource';

// 15 March 2024, noon UTC: the same calendar day in every time zone a test may run in.
const CREATED = Date.UTC(2024, 2, 15, 12) / 1000;

export const TOKENS: ApiToken[] = [
  {
    id: 11,
    description: 'Nightly sync',
    owner: 'Mary Admin',
    ownerId: 2,
    lastUsedAt: null,
    organizationGUID: ORGANISATION_GUID,
    superUserToken: true,
    createdAt: CREATED,
  },
];

/**
 * Makes the (mocked) useTokens() answer `state`, with TOKENS loaded by default; returns its reload spy.
 * The test file must mock './tokens.resource'.
 */
export function serveTokens(state: Partial<LoadState<ApiToken[]>> = {}): jest.Mock {
  const reload = jest.fn();
  jest.mocked(useTokens).mockReturnValue({ data: TOKENS, error: null, loading: false, reload, ...state });
  useFlashStore.setState({ flash: null });
  return reload;
}

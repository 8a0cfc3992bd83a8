/**
 * 'shared-auth' for a component test that must not reach the server (`test-support/shared-auth.mock`): the
 * real stores, rules and constants, with the calls that reach the server or the browser's location replaced
 * by jest mocks.
 * Use: `jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock())`.
 */
import type * as SharedAuth from 'shared-auth';

export function sharedAuthMock(): typeof SharedAuth {
  const actual = jest.requireActual<typeof SharedAuth>('shared-auth');
  return {
    ...actual,
    apiGet: jest.fn(async () => ({})),
    apiPost: jest.fn(async () => ({})),
    apiPut: jest.fn(async () => ({})),
    apiDelete: jest.fn(async () => ({})),
    reportError: jest.fn(async () => undefined),
    runStartup: jest.fn(async () => ({ kind: 'login' as const })),
    startLogin: jest.fn(() => true),
    logout: jest.fn(async () => undefined),
  } as typeof SharedAuth;
}

/**
 * A stand-in for 'shared-auth' in shared-ui's own tests: the same store names and shapes as the real
 * package (common interface), so a component test can drive the stores and watch the calls.
 * Use: `jest.mock('shared-auth', () => jest.requireActual('../test-support/shared-auth.mock'), { virtual: true })`.
 */
import { create } from 'zustand';

export interface MockUser {
  id: number;
  name?: string;
  email?: string;
  superUser: boolean;
  institutionAdmin: boolean;
  userRoles: unknown[];
}

interface MockSession {
  csrfToken: string | null;
  impersonator: MockUser | null;
  authenticated: boolean;
  reload: boolean;
  config: Record<string, unknown>;
  missingAttributes: string[];
  user: MockUser | null;
  objectRole: string;
  breadcrumbPath: { path?: string; value: string }[];
  setUser: (user: MockUser | null) => void;
  setConfig: (config: Record<string, unknown>) => void;
  setBreadcrumbPath: (path: { path?: string; value: string }[]) => void;
}

export const useSessionStore = create<MockSession>((set) => ({
  csrfToken: null,
  impersonator: null,
  authenticated: false,
  reload: false,
  config: {},
  missingAttributes: [],
  user: null,
  objectRole: '',
  breadcrumbPath: [],
  setUser: (user) => set({ user }),
  setConfig: (config) => set({ config, authenticated: Boolean(config.authenticated) }),
  setBreadcrumbPath: (breadcrumbPath) => set({ breadcrumbPath }),
}));

export type FlashType = 'info' | 'success' | 'warning' | 'error';
export interface Flash {
  msg: string;
  className: string;
  type: FlashType;
  action?: () => void;
  actionLabel?: string;
}

export const useFlashStore = create<{ flash: Flash | null }>(() => ({ flash: null }));

export const setFlash = jest.fn((msg: string, type: FlashType = 'info', action?: () => void, actionLabel?: string) =>
  useFlashStore.setState({ flash: { msg, type, className: '', action, actionLabel } }),
);
export const clearFlash = jest.fn(() => useFlashStore.setState({ flash: null }));

interface ErrorDialogState {
  open: boolean;
  reference: number | string | null;
  show: (reference: number | string | null) => void;
  close: () => void;
}
export const useErrorDialogStore = create<ErrorDialogState>((set) => ({
  open: false,
  reference: null,
  show: (reference) => set({ open: true, reference }),
  close: () => set({ open: false, reference: null }),
}));

export const apiGet = jest.fn(async () => ({}));
export const apiPost = jest.fn(async () => ({}));
export const apiPut = jest.fn(async () => ({}));
export const apiDelete = jest.fn(async () => ({}));

export const runStartup = jest.fn(async () => ({ kind: 'home' }));
export const startLogin = jest.fn();
export const logout = jest.fn(async () => undefined);

const STYLES: Record<string, string> = {
  SUPER_USER: 'status-success',
  INSTITUTION_ADMIN: 'main-500',
  MANAGER: 'main-400',
  INVITER: 'main-100',
  GUEST: 'status-default',
};
export const authorityBadgeStyle = jest.fn((authority: string) => STYLES[authority] ?? 'status-warning');

/** Puts every store back to its first state. */
export function resetSharedAuthMock(): void {
  useSessionStore.setState({ authenticated: false, user: null, breadcrumbPath: [], config: {} });
  useFlashStore.setState({ flash: null });
  useErrorDialogStore.setState({ open: false, reference: null });
}

import { create } from 'zustand';
import type { Config, User } from '../rules/types.js';

export interface BreadcrumbItem {
  path?: string;
  value: string;
}

/** The client state of spec §3. */
export interface SessionState {
  csrfToken: string | null;
  /** The real user while impersonating; null otherwise. */
  impersonator: User | null;
  authenticated: boolean;
  reload: boolean;
  config: Partial<Config>;
  missingAttributes: string[];
  /** The effective user: the impersonated one while impersonating. */
  user: User | null;
  objectRole: string;
  breadcrumbPath: BreadcrumbItem[];
}

export interface SessionActions {
  setCsrfToken(token: string | null): void;
  /** Stores the config; `authenticated` and `missingAttributes` follow from it. */
  setConfig(config: Partial<Config>): void;
  setUser(user: User | null): void;
  setBreadcrumbPath(path: BreadcrumbItem[]): void;
  setObjectRole(objectRole: string): void;
  setReload(reload: boolean): void;
  /** The current user becomes the impersonator and `target` the user (flashing is the caller's). */
  startImpersonation(target: User): void;
  /** The impersonator becomes the user again. */
  stopImpersonation(): void;
  /** Logged out: no longer authenticated, no breadcrumb; user and impersonator stay until clearUser(). */
  clearSession(): void;
  /** Forgets user and impersonator. */
  clearUser(): void;
}

export type SessionStore = SessionState & SessionActions;

/** The first state (spec §3). */
export const initialSessionState: SessionState = {
  csrfToken: null,
  impersonator: null,
  authenticated: false,
  reload: false,
  config: {},
  missingAttributes: [],
  user: null,
  objectRole: '',
  breadcrumbPath: [],
};

/** The one session store; created once at module level because shared-auth is a federation singleton. */
export const useSessionStore = create<SessionStore>()((set, get) => ({
  ...initialSessionState,
  setCsrfToken: (csrfToken) => set({ csrfToken }),
  setConfig: (config) =>
    set({
      config,
      authenticated: config.authenticated === true,
      missingAttributes: [...(config.missingAttributes ?? [])],
    }),
  setUser: (user) => set({ user }),
  setBreadcrumbPath: (breadcrumbPath) => set({ breadcrumbPath }),
  setObjectRole: (objectRole) => set({ objectRole }),
  setReload: (reload) => set({ reload }),
  startImpersonation: (target) => {
    const { user, impersonator } = get();
    // Switching from one impersonated user to another keeps the real user as impersonator.
    set({ impersonator: impersonator ?? user, user: target });
  },
  stopImpersonation: () => {
    const { impersonator } = get();
    if (!impersonator) return;
    set({ user: impersonator, impersonator: null });
  },
  clearSession: () =>
    set((state) => ({
      authenticated: false,
      reload: false,
      objectRole: '',
      breadcrumbPath: [],
      missingAttributes: [],
      config: { ...state.config, authenticated: false },
    })),
  clearUser: () => set({ user: null, impersonator: null }),
}));

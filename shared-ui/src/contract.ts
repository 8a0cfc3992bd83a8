import type { ComponentType, LazyExoticComponent } from 'react';
import type { SessionState } from 'shared-auth';

/**
 * The remote contract: each remote exposes exactly one module, `./contributions`, whose default export
 * is a `RemoteContributions`. The shell mounts its routes under one router and renders its extensions
 * in the named slots.
 */

/** Ids of the four feature remotes; also their i18n namespaces and their keys in `/remotes.json`. */
export type RemoteId = 'roles' | 'invitations' | 'system' | 'tokens';

/** Named places where remotes (and the shell) contribute UI. */
export type SlotName = 'home.tabs' | 'role.tabs' | 'system.tabs' | 'user-menu.links';

export type RouteAccess = 'public' | 'authenticated';

/** A component rendered lazily; remotes pass `lazy(() => import('./x.page'))`. */
export type LazyComponent<P = object> = LazyExoticComponent<ComponentType<P>> | ComponentType<P>;

export interface RemoteRoute {
  /** react-router path relative to the root, without leading slash, e.g. `tokens` or `roles/:id/:tab?`. */
  path: string;
  access: RouteAccess;
  element: LazyComponent;
}

/** Props every slot component receives. */
export interface SlotProps {
  /** Extra context of the slot, e.g. `{ roleId }` for `role.tabs`. */
  context?: Record<string, unknown>;
}

export interface Extension {
  slot: SlotName;
  /** Unique within the slot; for tabs also the tab's route segment (e.g. `tokens` → /home/tokens). */
  id: string;
  /** Lower first. */
  order: number;
  /** i18n key in the remote's namespace. */
  labelKey: string;
  /** Whether the current session may see it. */
  visible: (session: SessionState, context?: Record<string, unknown>) => boolean;
  /** For `user-menu.links`: the path the link goes to. */
  href?: string;
  /** The component; not needed for plain links. */
  component?: LazyComponent<SlotProps>;
}

export type Translations = Record<string, string>;

export interface RemoteContributions {
  id: RemoteId;
  routes: RemoteRoute[];
  extensions: Extension[];
  translations: { en: Translations; nl: Translations };
}

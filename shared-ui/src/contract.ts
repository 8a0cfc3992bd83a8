import type { ComponentType, LazyExoticComponent } from 'react';
import contract from '../contract-version.json';
import type { Language } from './i18n/language';

/**
 * The remote contract. Each remote exposes exactly one module, `./contributions`, whose default export is
 * a `RemoteContributions`, and publishes what the shell must know before loading that module — its routes
 * and slot entries — as `RemoteMetadata` in its `mf-manifest.json` (`metaData.portal`). Both come from one
 * source per remote, `src/contributions.meta.ts` (see docs/architecture.md).
 */

/**
 * The version of this contract. A remote publishes the version it was built against; the shell refuses a
 * remote whose major differs and runs one with another minor. Raise the minor for additions a remote may
 * ignore, the major for anything an older shell or remote cannot read.
 */
export const CONTRACT_VERSION: string = contract.contractVersion;

/** A remote's key in `/remotes.json`; also its i18n namespace. Any string: remotes.json is the only list. */
export type RemoteId = string;

/**
 * A named place where remotes contribute UI. The shell renders `home.tabs` (tabs of /home, the id is the
 * tab's path segment), `home.landing` (a visible entry sends /home to its `href`), `user-menu.links` and
 * `user-role.links` (the role-detail link of a profile's role card; `:roleId` in its href is filled in),
 * `user-list.links` (where another user's profile leads back to);
 * remotes may render others (`role.tabs`, `system.tabs`, …) through the shell's slots.
 */
export type SlotName = string;

export type RouteAccess = 'public' | 'authenticated';

/**
 * A component rendered lazily: remotes pass `loadable(() => import('./x.page'))` (`shared-ui/loadable`,
 * which shows a loader without suspending); a `React.lazy` component works too (the shell's Suspense
 * boundary shows its loader), only revealed up to 300 ms later by React's fallback throttle.
 */
export type LazyComponent<P = object> = LazyExoticComponent<ComponentType<P>> | ComponentType<P>;

/** What the shell knows of a route before loading the remote. */
export interface RouteMeta {
  /** react-router path relative to the root, without leading slash, e.g. `tokens` or `roles/:id/:tab?`. */
  path: string;
  access: RouteAccess;
}

/** What the shell knows of a slot entry before loading the remote. */
export interface ExtensionMeta {
  slot: SlotName;
  /** Unique within the slot; for tabs also the tab's route segment (e.g. `tokens` → /home/tokens). */
  id: string;
  /** Lower first. */
  order: number;
  /** Key of its label in the remote's translations; the build publishes the English and Dutch texts. */
  labelKey: string;
  /** Name of the rule in shared-auth's VISIBILITY_RULES that decides whether the session sees it. */
  visibleRule: string;
  /** For links: the path the link goes to. */
  href?: string;
}

/**
 * `src/contributions.meta.ts` of a remote: plain data, importing nothing but types (the build reads it
 * without bundling). Keyed, so that `contributions.ts` spreads each entry into its routes and extensions.
 */
export interface RemoteMetaSource {
  id: RemoteId;
  routes: Record<string, RouteMeta>;
  extensions: Record<string, ExtensionMeta>;
}

/** A slot entry as published: its label in both languages instead of a key. */
export interface PublishedExtension extends Omit<ExtensionMeta, 'labelKey'> {
  label: Record<Language, string>;
}

/** What a remote publishes in its mf-manifest.json, under `metaData.portal`. */
export interface RemoteMetadata {
  id: RemoteId;
  contractVersion: string;
  routes: RouteMeta[];
  extensions: PublishedExtension[];
}

export interface RemoteRoute extends RouteMeta {
  element: LazyComponent;
}

/** Props every slot component receives. */
export interface SlotProps {
  /** Extra context of the slot, e.g. `{ roleId }` for `role.tabs`. */
  context?: Record<string, unknown>;
}

export interface Extension extends ExtensionMeta {
  /** The component; not needed for plain links. */
  component?: LazyComponent<SlotProps>;
}

export type Translations = Record<string, string>;

export interface RemoteContributions {
  id: RemoteId;
  /** The contract version the remote was built against (CONTRACT_VERSION at its build). */
  contractVersion: string;
  routes: RemoteRoute[];
  extensions: Extension[];
  translations: { en: Translations; nl: Translations };
}

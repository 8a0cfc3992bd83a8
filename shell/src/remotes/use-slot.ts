import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore, visibilityRule } from 'shared-auth';
import type { User } from 'shared-auth';
import type { Language, LazyComponent, RemoteId, SlotName, SlotProps } from 'shared-ui/core';
import { useRemotesStore } from './remotes.store';
import type { RemoteState } from './remotes.store';

/** One visible entry of a slot, ready to render. */
export interface SlotEntry {
  /** The remote that contributes it. */
  remoteId: RemoteId;
  id: string;
  order: number;
  /** Its label in the current language, as the remote published it. */
  label: string;
  /** False until the remote's code is loaded: the entry renders a loader or the unavailable panel. */
  available: boolean;
  /** For links: the path, with `:name` segments filled from the slot's context. */
  href?: string;
  component?: LazyComponent<SlotProps>;
}

const reported = new Set<string>();

/** Fills `:name` segments of a link from the slot's context (e.g. /roles/:roleId). */
function fillHref(href: string, context?: Record<string, unknown>): string {
  return href.replace(/:(\w+)/g, (segment, name: string) =>
    context && context[name] !== undefined ? encodeURIComponent(String(context[name])) : segment,
  );
}

function isVisible(
  ruleName: string,
  remoteId: RemoteId,
  user: User | null | undefined,
  context?: Record<string, unknown>,
): boolean {
  const rule = visibilityRule(ruleName);
  if (!rule) {
    // A remote built against rules this console does not have yet: its entry stays hidden.
    if (!reported.has(ruleName))
      console.error(`Remote ${remoteId} names an unknown visibility rule ${ruleName}`);
    reported.add(ruleName);
    return false;
  }
  return rule(user, context);
}

/** The entries of one slot for a user: pure, so it can be tested without rendering. */
export function slotEntries(
  slot: SlotName,
  remotes: Record<RemoteId, RemoteState>,
  user: User | null | undefined,
  language: Language,
  context?: Record<string, unknown>,
): SlotEntry[] {
  const entries: SlotEntry[] = [];
  for (const [remoteId, remote] of Object.entries(remotes)) {
    for (const published of remote.metadata?.extensions ?? []) {
      if (published.slot !== slot || !isVisible(published.visibleRule, remoteId, user, context)) continue;
      const loaded = remote.status === 'loaded' ? remote.contributions : undefined;
      const code = loaded?.extensions.find((item) => item.slot === slot && item.id === published.id);
      entries.push({
        remoteId,
        id: published.id,
        order: published.order,
        label: published.label[language],
        available: Boolean(loaded),
        href: published.href ? fillHref(published.href, context) : undefined,
        component: code?.component,
      });
    }
  }
  return firstOfEachId(entries.sort((a, b) => a.order - b.order));
}

/**
 * One entry per id, the first by order: a remote may contribute an entry under an id it already uses, for
 * the users its rule picks, to give them the same tab under another name (a guest's "My applications").
 */
function firstOfEachId(sorted: SlotEntry[]): SlotEntry[] {
  const seen = new Set<string>();
  return sorted.filter((entry) => {
    const key = `${entry.remoteId}|${entry.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The visible entries of a slot, sorted by order, for the current session and language. */
export function useSlot(slot: SlotName, context?: Record<string, unknown>): SlotEntry[] {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'nl' ? 'nl' : 'en';
  const user = useSessionStore((state) => state.user);
  const remotes = useRemotesStore((state) => state.remotes);
  return useMemo(
    () => slotEntries(slot, remotes, user, language, context),
    [slot, remotes, user, language, context],
  );
}

// What a remote contributes, as its tests read it (`test-support/contributions`): its slot entries, whether
// the shell would show one to a user, and whether its texts are complete.
import { visibilityRule, type User } from 'shared-auth';
import type { Extension, RemoteContributions } from 'shared-ui/core';
import { assertTranslationParity } from 'shared-ui/parity';

/** The remote's first entry in `slot` (of `id`, when given); an error when there is none. */
export function extensionIn(contributions: RemoteContributions, slot: string, id?: string): Extension {
  const found = contributions.extensions.find(
    (candidate) => candidate.slot === slot && (id === undefined || candidate.id === id),
  );
  if (!found) throw new Error(`no ${contributions.id} extension in ${slot}`);
  return found;
}

/** Whether the shell would show `entry` to `user`: the shared rule its metadata names decides. */
export function sees(entry: { visibleRule: string }, user: User, context?: Record<string, unknown>): boolean {
  const rule = visibilityRule(entry.visibleRule);
  if (!rule) throw new Error(`unknown rule ${entry.visibleRule}`);
  return rule(user, context);
}

/** The remote's English and Dutch texts have the same keys, and each slot entry a label in both. */
export function expectTextsComplete(contributions: RemoteContributions): void {
  const { en, nl } = contributions.translations;
  expect(() => assertTranslationParity(en, nl)).not.toThrow();
  for (const entry of contributions.extensions) {
    expect(en[entry.labelKey]).toBeTruthy();
    expect(nl[entry.labelKey]).toBeTruthy();
  }
}

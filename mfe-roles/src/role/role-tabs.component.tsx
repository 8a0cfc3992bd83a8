import { useTranslation } from 'react-i18next';
import { useSessionStore, visibilityRule } from 'shared-auth';
import { Tabs, useSlotHost, type SlotView, type SlotViewsProps } from 'shared-ui';
import contributions from '../contributions';

/** Without the shell (standalone, tests): this remote's own extensions of the slot. */
function OwnSlotViews({ slot, context, children }: SlotViewsProps) {
  const { t } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  const views: SlotView[] = contributions.extensions
    .filter(
      (extension) =>
        extension.slot === slot && Boolean(visibilityRule(extension.visibleRule)?.(user, context)),
    )
    .sort((a, b) => a.order - b.order)
    .map((extension) => {
      const Component = extension.component;
      return {
        id: extension.id,
        order: extension.order,
        label: t(extension.labelKey),
        element: Component ? <Component context={context} /> : null,
      };
    });
  return <>{children(views)}</>;
}

interface RoleTabsProps {
  context: Record<string, unknown>;
  /** The tab of the route; an unknown one (the default `users`) shows the first tab. */
  tab: string;
  onChange: (id: string) => void;
}

/** The `role.tabs` slot as tabs: guests and maintainers from here, invitations from its remote. */
export function RoleTabs({ context, tab, onChange }: RoleTabsProps) {
  const { t } = useTranslation('roles');
  const SlotViews = useSlotHost() ?? OwnSlotViews;
  return (
    <SlotViews slot="role.tabs" context={context}>
      {(views) => {
        const active = views.find((view) => view.id === tab) ?? views[0];
        if (!active) return null;
        return (
          <Tabs
            label={t('roleTabsLabel')}
            activeTab={active.id}
            onChange={onChange}
            tabs={views.map((view) => ({ id: view.id, label: view.label }))}
          >
            {active.element}
          </Tabs>
        );
      }}
    </SlotViews>
  );
}

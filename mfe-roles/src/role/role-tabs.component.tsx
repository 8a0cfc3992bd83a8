import { useTranslation } from 'react-i18next';
import { Tabs, useSlotItems } from 'shared-ui';
interface RoleTabsProps {
  context: Record<string, unknown>;
  /** The tab of the route; an unknown one (the default `users`) shows the first tab. */
  tab: string;
  onChange: (id: string) => void;
}

/** The `role.tabs` slot as tabs: guests and maintainers from here, invitations from its remote. */
export function RoleTabs({ context, tab, onChange }: RoleTabsProps) {
  const { t } = useTranslation('roles');
  const { items } = useSlotItems('role.tabs', context);
  const active = items.find((item) => item.id === tab) ?? items[0];
  if (!active) return null;
  return (
    <Tabs
      label={t('roleTabsLabel')}
      activeTab={active.id}
      onChange={onChange}
      tabs={items.map((item) => ({ id: item.id, label: item.label }))}
    >
      {active.render(context)}
    </Tabs>
  );
}

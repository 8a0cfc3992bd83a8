import { useTranslation } from 'react-i18next';
// Only names the shells of the previous release export too: shared-ui is the shell's singleton.
import { Tabs, UnavailablePanel, useSlotItems } from 'shared-ui';
interface RoleTabsProps {
  context: Record<string, unknown>;
  /** The tab of the route; an unknown one (the default `users`) shows the first tab. */
  tab: string;
  onChange: (id: string) => void;
}

/** The `role.tabs` slot as tabs: guests and maintainers from here, invitations from its remote. */
export function RoleTabs({ context, tab, onChange }: RoleTabsProps) {
  const { t } = useTranslation('roles');
  const { items, undescribed = [], retry } = useSlotItems('role.tabs', context);
  const active = items.find((item) => item.id === tab) ?? items[0];
  // A remote that cannot be described may own tabs of this page (the invitations): say so, with Retry.
  const missing =
    undescribed.length > 0 && retry ? (
      <UnavailablePanel
        title={t('partsUnavailableTitle', { parts: undescribed.map((id) => `“${id}”`).join(', ') })}
        detail={t('partsUnavailableText')}
        onRetry={retry}
      />
    ) : null;
  if (!active) return missing;
  return (
    <>
      {missing}
      <Tabs
        label={t('roleTabsLabel')}
        activeTab={active.id}
        onChange={onChange}
        tabs={items.map((item) => ({ id: item.id, label: item.label }))}
      >
        {active.render(context)}
      </Tabs>
    </>
  );
}

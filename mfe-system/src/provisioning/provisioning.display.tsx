import { useTranslation } from 'react-i18next';
import type { ProvisioningTarget } from './provisioning.resource';

/** A target's name in the current language, the other one as fallback, its id when it has none. */
export function targetName(target: Pick<ProvisioningTarget, 'id' | 'name:en' | 'name:nl'>, language: string) {
  const [first, second] = language === 'nl' ? (['nl', 'en'] as const) : (['en', 'nl'] as const);
  return target[`name:${first}`] || target[`name:${second}`] || target.id;
}

const STATUS_STYLE = { waiting: 'status-info', failed: 'status-error', delivered: 'status-success' } as const;

/** A delivery's state as an SDS chip (a span, not SDS's Chip button: it does nothing when clicked). */
export function StatusBadge({ status }: { status: keyof typeof STATUS_STYLE }) {
  const { t } = useTranslation('system');
  return (
    <span className={`sds--chips ${STATUS_STYLE[status]} system-provisioning-status`}>
      <span className="sds--chips--textual sds--text--body--small">{t(`provisioning.status.${status}`)}</span>
    </span>
  );
}

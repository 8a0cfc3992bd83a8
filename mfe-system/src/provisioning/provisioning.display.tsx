import type { ReactNode } from 'react';
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

/**
 * A provisioning table: its caption for screen readers, a header of `columns` (keys under
 * provisioning.columns) and a last, unnamed-on-screen actions column; the rows are the children.
 */
export function ProvisioningTable({
  className,
  caption,
  columns,
  children,
}: {
  className: string;
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  const { t } = useTranslation('system');
  return (
    <div className={`sds--table ui-data-table ${className}`}>
      <table>
        <caption className="sds--visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {t(`provisioning.columns.${column}`)}
              </th>
            ))}
            <th scope="col">
              <span className="sds--visually-hidden">{t('provisioning.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

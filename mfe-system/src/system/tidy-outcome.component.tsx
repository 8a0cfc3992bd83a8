import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EntityTable, formatDate } from 'shared-ui';
import type { TidyResult } from 'shared-auth';

/** What one tidy-data run removed: its counts, and the users it removed (the first hundred). */
export function TidyOutcome({ result }: { result: TidyResult }) {
  const { t } = useTranslation('system');
  if (result.days === 0) return <p className="system-result-empty">{t('cron.tidyOff')}</p>;
  if (result.job === 'audit-retention') {
    return (
      <p className="system-result-count">
        {t('cron.removedAuditRowsCount', { count: result.removedAuditRows, days: result.days })}
      </p>
    );
  }
  return (
    <div className="system-cleanup-result">
      <p className="system-result-count">
        {t('cron.removedUsersCount', {
          users: result.removedUsers,
          memberships: result.removedMemberships,
          days: result.days,
        })}
      </p>
      <EntityTable
        title={t('cron.removedUsers')}
        entities={result.users}
        emptyText={t('cron.noRemovedUsers')}
        defaultSort="email"
        columns={[
          {
            key: 'name',
            header: t('columns.nameEmail'),
            sortable: true,
            render: (user) => user.name ?? user.email ?? String(user.id),
          },
          { key: 'email', header: t('columns.email'), sortable: true },
          {
            key: 'lastActivity',
            header: t('columns.lastActivity'),
            sortable: true,
            render: (user) => formatDate(user.lastActivity),
          },
          { key: 'memberships', header: t('columns.memberships'), sortable: true },
          {
            key: 'history',
            header: t('columns.history'),
            render: (user) => (
              <Link
                to={`/audit-logs/${user.id}?${new URLSearchParams({ subject: 'user', name: user.email ?? String(user.id), back: '/system/cron' }).toString()}`}
              >
                {t('columns.history')}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
